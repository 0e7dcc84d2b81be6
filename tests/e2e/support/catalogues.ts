import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { PlatformControl } from './platform.ts';

/** One of the emulator's catalogues ('en-us', 'de-de', 'ar'), so tests assert on real texts without copying them. */
export const catalogue = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../../emulator/data/translations/${code}.json`, import.meta.url), 'utf8')) as Record<string, string>;

export const en = catalogue('en-us');
export const de = catalogue('de-de');
export const ar = catalogue('ar');

type Map = Record<string, string>;

const without = (map: Map, keys: readonly string[]): Map => Object.fromEntries(Object.entries(map).filter(([key]) => !keys.includes(key)));

/**
 * A platform whose translation catalogues (the v1 translations before sign-in, the seed and the v2
 * tenant translations after) lack `keys` in `lang`: the emulator's own answers, minus those keys,
 * served as overrides for the rest of the test.
 */
export async function cataloguesWithout(request: APIRequestContext, platform: PlatformControl, keys: readonly string[], lang = 'en-us'): Promise<void> {
  const { access_token } = await platform.token('admin@acme.test');
  const get = async <T>(path: string, bearer = false): Promise<T> => {
    const response = await request.get(`${platform.baseURL}${path}`, bearer ? { headers: { Authorization: `Bearer ${access_token}` } } : {});
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
    return (await response.json()) as T;
  };
  const v1Path = `/api/globalization/v1/translations/${lang}`;
  const v1 = await get<{ Translations: Map; FallBackToNotFound: boolean }>(v1Path);
  const seedPath = `/seed-translations/${lang}`;
  const seed = await get<Map>(seedPath);
  const tenantPath = `/api/globalization/v2/translations/tenant/${lang}`;
  const tenant = await get<{ defaultTranslations: Map; translations: Map; defaultCustomTerms: Map; customTerms: Map; FallBackToNotFound: boolean }>(tenantPath, true);
  await platform.override({ method: 'GET', path: v1Path, status: 200, body: { ...v1, Translations: without(v1.Translations, keys) } });
  await platform.override({ method: 'GET', path: seedPath, status: 200, body: without(seed, keys) });
  await platform.override({
    method: 'GET',
    path: tenantPath,
    status: 200,
    body: {
      defaultTranslations: without(tenant.defaultTranslations, keys),
      translations: without(tenant.translations, keys),
      defaultCustomTerms: without(tenant.defaultCustomTerms, keys),
      customTerms: without(tenant.customTerms, keys),
      FallBackToNotFound: tenant.FallBackToNotFound,
    },
  });
}
