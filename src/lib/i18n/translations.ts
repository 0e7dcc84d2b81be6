import * as z from 'zod/mini';
import { apiFetch } from '../api/apiFetch';
import { readKv, writeKv } from '../../core/session/sessionDb';

const allZeroTenant = '00000000-0000-0000-0000-000000000000';

const translationsV1Schema = z.object({
  Translations: z.record(z.string(), z.string()),
  FallBackToNotFound: z.boolean(),
});

export interface LoadedTranslations {
  map: Record<string, string>;
  fallBackToNotFound: boolean;
}

const empty: LoadedTranslations = { map: {}, fallBackToNotFound: false };
const storedKey = (lang: string, tenantId: string) => `translations:v1:${lang}:${tenantId}`;
const isLoaded = (v: unknown): v is LoadedTranslations =>
  typeof v === 'object' && v !== null && typeof (v as LoadedTranslations).map === 'object' && typeof (v as LoadedTranslations).fallBackToNotFound === 'boolean';

async function fetchTranslations(lang: string, tenantId: string): Promise<LoadedTranslations | null> {
  try {
    const query = new URLSearchParams({ language: lang, tenantId });
    const response = await apiFetch(`/api/globalization/v1/translations/${encodeURIComponent(lang)}?${query}`);
    if (!response.ok) return null;
    const parsed = translationsV1Schema.safeParse(await response.json());
    return parsed.success ? { map: parsed.data.Translations, fallBackToNotFound: parsed.data.FallBackToNotFound } : null;
  } catch {
    return null;
  }
}

/**
 * Anonymous translations (v1 route). The last good answer is kept in IndexedDB so an offline start
 * still speaks the member's language; with neither, the keys are shown (contract fall-back).
 */
export async function loadAnonymousTranslations(lang: string, tenantId: string = allZeroTenant): Promise<LoadedTranslations> {
  const fresh = await fetchTranslations(lang, tenantId);
  if (fresh) {
    await writeKv(storedKey(lang, tenantId), fresh).catch(() => undefined);
    return fresh;
  }
  return (await readKv(storedKey(lang, tenantId), isLoaded)) ?? empty;
}
