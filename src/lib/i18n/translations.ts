import * as z from 'zod/mini';
import { getValidated } from '../../pipeline/page/getValidated';
import { readKv, writeKv } from '../../session/core/sessionDb';
import { storageKeys } from '../storage/keys';
import { readLocal } from '../storage/localStore';

/**
 * The translation loaders (contract "Preferences and language"), part one: what every page needs
 * (the anonymous v1 route, the remembered copies). The signed-in loaders (v2 tenant with seeds,
 * tenant-custom modules) are in tenantTranslations.ts, loaded only when signed in. Every answer is
 * validated at the edge; the last good result per language and tenant is kept in IndexedDB so an
 * offline start still speaks the member's language. With neither, the keys show (contract).
 */
export const allZeroTenant = '00000000-0000-0000-0000-000000000000';

const uuid = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export type TranslationMap = Record<string, string>;

export const translationMapSchema = z.lazy(() => z.record(z.string(), z.string()));
const translationsV1Schema = z.lazy(() => z.object({ Translations: translationMapSchema, FallBackToNotFound: z.boolean() }));

export interface LoadedTranslations {
  map: TranslationMap;
  fallBackToNotFound: boolean;
}

export const emptyTranslations: LoadedTranslations = Object.freeze({ map: {}, fallBackToNotFound: false });

export function isLoaded(v: unknown): v is LoadedTranslations {
  if (typeof v !== 'object' || v === null) return false;
  const candidate = v as Partial<LoadedTranslations>;
  return typeof candidate.map === 'object' && candidate.map !== null && typeof candidate.fallBackToNotFound === 'boolean';
}

/** The stored tenant (set at sign-in and on a switch) when it is a tenant id, else the all-zero id. */
export function storedTenantId(): string {
  const stored = readLocal(storageKeys.tenant);
  return stored && uuid.test(stored) ? stored : allZeroTenant;
}


/** Fresh answer → remembered; no answer → the last good copy; neither → null. */
export async function withLastGood(key: string, fresh: LoadedTranslations | null): Promise<LoadedTranslations | null> {
  if (fresh) {
    await writeKv(key, fresh).catch(() => undefined);
    return fresh;
  }
  return readKv(key, isLoaded);
}

/** Whose signed-in catalogue a copy is: one member in one tenant. */
export interface CatalogueOwner {
  tenantId: string;
  memberGuid: string;
}

export const signedInPrefixes = { v2: 'translations:v2:', module: 'translations:module:' } as const;

export const storedKeys = {
  v1: (lang: string, tenantId: string) => `translations:v1:${lang}:${tenantId}`,
  v2: (lang: string, owner: CatalogueOwner) => `${signedInPrefixes.v2}${lang}:${owner.tenantId}:${owner.memberGuid}`,
  module: (module: string, lang: string, tenantId: string) => `${signedInPrefixes.module}${module}:${lang}:${tenantId}`,
};


/**
 * Anonymous translations (v1 route), per language with the language and tenantId query values
 * (contract: tenantId is the stored tenant, else the all-zero id = platform defaults).
 */
export async function loadAnonymousTranslations(lang: string, tenantId: string = storedTenantId()): Promise<LoadedTranslations> {
  const query = new URLSearchParams({ language: lang, tenantId });
  const answer = await getValidated(`/api/globalization/v1/translations/${encodeURIComponent(lang)}?${query}`, translationsV1Schema);
  const fresh = answer ? { map: answer.Translations, fallBackToNotFound: answer.FallBackToNotFound } : null;
  return (await withLastGood(storedKeys.v1(lang, tenantId), fresh)) ?? emptyTranslations;
}

/** The member's last good signed-in translations of a language and tenant, without any network call. */
export function cachedTenantTranslations(lang: string, owner: CatalogueOwner): Promise<LoadedTranslations | null> {
  return readKv(storedKeys.v2(lang, owner), isLoaded);
}
