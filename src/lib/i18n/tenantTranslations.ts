import * as z from 'zod/mini';
import { getValidated } from '../../pipeline/page/getValidated';
import { deleteKvPrefixed, readKv, sessionKeys, writeKvIf } from '../../session/core/sessionDb';
import { scopeOf } from '../../session/core/sessionScope';
import { isModuleName } from './moduleName';
import {
  emptyTranslations,
  isLoaded,
  signedInPrefixes,
  storedKeys,
  translationMapSchema,
  withLastGood,
  type CatalogueOwner,
  type LoadedTranslations,
  type TranslationMap,
} from './translations';

/**
 * The signed-in translation loaders (contract): v2 tenant merged with seed translations, and
 * tenant-custom module translations on demand. Only signed-in pages load this module.
 */
const tenantTranslationsSchema = z.lazy(() => z.object({
  defaultTranslations: translationMapSchema,
  translations: translationMapSchema,
  defaultCustomTerms: translationMapSchema,
  customTerms: translationMapSchema,
  FallBackToNotFound: z.boolean(),
}));
export type TenantTranslations = z.infer<typeof tenantTranslationsSchema>;

/**
 * Contract TenantTranslations: later wins, in the order seed, defaultTranslations,
 * defaultCustomTerms, translations, customTerms. A missing seed (skipped or failed) merges nothing.
 */
export function mergeTenantTranslations(seed: TranslationMap | null, answer: TenantTranslations): LoadedTranslations {
  return {
    map: { ...seed, ...answer.defaultTranslations, ...answer.defaultCustomTerms, ...answer.translations, ...answer.customTerms },
    fallBackToNotFound: answer.FallBackToNotFound,
  };
}

/**
 * Seed translations are skipped when the current host is listed in the seedTranslationDomains
 * content attribute (comma-separated host names; the host may carry its port).
 */
export function isSeedSkipped(location: { hostname: string; host: string }, seedTranslationDomains: string | null | undefined): boolean {
  if (!seedTranslationDomains) return false;
  const listed = seedTranslationDomains
    .split(/[,\s]+/)
    .map((d) => d.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);
  const here = [location.hostname.toLowerCase(), location.host.toLowerCase()];
  return listed.some((domain) => here.includes(domain));
}

/**
 * Where seed translations of `lang` come from: {seedTranslationUrl}/{lang} with the runtime
 * configuration's address winning over the content attribute's, else /seed-translations/{lang}.
 */
export function seedTranslationUrl(lang: string, configUrl: string | null | undefined, attributeUrl: string | null | undefined): string {
  const base = (configUrl?.trim() || attributeUrl?.trim() || '/seed-translations').replace(/\/+$/, '');
  return `${base}/${encodeURIComponent(lang)}`;
}

/** Seed translations: not a pipeline call (no bearer, no prefix, no pipeline headers). */
async function fetchSeed(url: string): Promise<TranslationMap | null> {
  try {
    const response = await fetch(new URL(url, globalThis.location.origin), { credentials: 'same-origin' });
    if (!response.ok) return null;
    const parsed = translationMapSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface SeedSource {
  /** The seed address of a language, or null when seeds are skipped on this host. */
  urlFor: (lang: string) => string | null;
}

/**
 * Signed-in translations of a language: the v2 tenant answer merged over the seed translations
 * (contract; a failed seed uses the tenant translations alone). A failed tenant answer takes the
 * member's last good merged copy of this language and tenant, else null (the caller keeps what it shows).
 */
export async function loadTenantTranslations(lang: string, owner: CatalogueOwner, seed: SeedSource): Promise<LoadedTranslations | null> {
  const seedUrl = seed.urlFor(lang);
  const [answer, seedMap] = await Promise.all([
    getValidated(`/api/globalization/v2/translations/tenant/${encodeURIComponent(lang)}`, tenantTranslationsSchema),
    seedUrl ? fetchSeed(seedUrl) : Promise.resolve(null),
  ]);
  return withMembersLastGood(lang, owner, answer ? mergeTenantTranslations(seedMap, answer) : null);
}

/**
 * The member's catalogue, fresh → kept (only while that member and tenant are still the signed-in
 * ones, checked in the same transaction as the write: a load that outlived a sign-out keeps
 * nothing); no answer → the last good copy; neither → null.
 */
export async function withMembersLastGood(lang: string, owner: CatalogueOwner, fresh: LoadedTranslations | null): Promise<LoadedTranslations | null> {
  const key = storedKeys.v2(lang, owner);
  if (!fresh) return readKv(key, isLoaded);
  await writeKvIf({ [key]: fresh }, [sessionKeys.accessToken], (read) => {
    const now = scopeOf(read[sessionKeys.accessToken], null);
    return now !== null && now.userGuid === owner.memberGuid && now.tenantGuid === owner.tenantId;
  }).catch(() => false);
  return fresh;
}

/** Sign-out: no signed-in catalogue (the member's own, the tenant's modules) stays on the device. */
export function clearSignedInTranslations(): Promise<void> {
  return deleteKvPrefixed(Object.values(signedInPrefixes));
}

/**
 * One module's tenant-custom translations (v2 tenant-custom route), merged in the same order as
 * the tenant translations, without seeds. Failure → the last good copy, else an empty map.
 */
export async function loadModuleTranslationMap(module: string, lang: string, tenantId: string): Promise<LoadedTranslations> {
  if (!isModuleName(module)) return emptyTranslations;
  const answer = await getValidated(
    `/api/globalization/v2/translations/tenant-custom/${encodeURIComponent(lang)}/${encodeURIComponent(module)}`,
    tenantTranslationsSchema,
  );
  return (await withLastGood(storedKeys.module(module, lang, tenantId), answer ? mergeTenantTranslations(null, answer) : null)) ?? emptyTranslations;
}
