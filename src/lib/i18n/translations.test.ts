// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstance } from 'i18next';
import { allZeroTenant, cachedTenantTranslations, loadAnonymousTranslations, storedTenantId } from './translations';
import { sessionKeys, writeKv } from '../../session/core/sessionDb';
import {
  isSeedSkipped,
  loadModuleTranslationMap,
  clearSignedInTranslations,
  loadTenantTranslations,
  mergeTenantTranslations,
  seedTranslationUrl,
  type TenantTranslations,
} from './tenantTranslations';
import { i18nOptions, missingKeyText, setFallBackToNotFound } from './runtime';
import { seedSourceFrom } from './seedSource';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { storageKeys } from '../storage/keys';
import { removeLocal, writeLocal } from '../storage/localStore';

vi.mock('../../pipeline/page/apiFetch', () => ({ apiFetch: vi.fn() }));
const api = vi.mocked(apiFetch);

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const tenantA = '5d0a8c1e-7b1f-4c1e-9a53-3f1d2b6f0a11';

function tenantAnswer(parts: Partial<TenantTranslations> = {}): TenantTranslations {
  return { defaultTranslations: {}, translations: {}, defaultCustomTerms: {}, customTerms: {}, FallBackToNotFound: false, ...parts };
}

let seedFetch: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  api.mockReset();
  seedFetch = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', seedFetch);
  removeLocal(storageKeys.tenant);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setFallBackToNotFound(false);
});

describe('merging (TenantTranslations, later wins): seed, defaultTranslations, defaultCustomTerms, translations, customTerms', () => {
  const seed = { K: 'seed', OnlySeed: 'seed' };
  it.each<[string, Partial<TenantTranslations>, string]>([
    ['the seed alone', {}, 'seed'],
    ['defaultTranslations over the seed', { defaultTranslations: { K: 'default' } }, 'default'],
    ['defaultCustomTerms over defaultTranslations', { defaultTranslations: { K: 'default' }, defaultCustomTerms: { K: 'defaultCustom' } }, 'defaultCustom'],
    ['translations over defaultCustomTerms', { defaultCustomTerms: { K: 'defaultCustom' }, translations: { K: 'tenant' } }, 'tenant'],
    ['customTerms over everything', { defaultTranslations: { K: 'a' }, defaultCustomTerms: { K: 'b' }, translations: { K: 'c' }, customTerms: { K: 'custom' } }, 'custom'],
  ])('%s', (_name, parts, expected) => {
    const merged = mergeTenantTranslations(seed, tenantAnswer(parts));
    expect(merged.map.K).toBe(expected);
    expect(merged.map.OnlySeed).toBe('seed');
  });

  it('merges without a seed, and carries FallBackToNotFound', () => {
    expect(mergeTenantTranslations(null, tenantAnswer({ translations: { A: 'a' }, FallBackToNotFound: true }))).toEqual({ map: { A: 'a' }, fallBackToNotFound: true });
  });
});

describe('seed domains (contract: seeds are skipped when the current host is listed)', () => {
  const here = { hostname: 'app.trust-shell.test', host: 'app.trust-shell.test:4173' };
  it.each<[string | null, boolean]>([
    [null, false],
    ['', false],
    ['translate.trust-shell.test,seed.trust-shell.test', false],
    ['translate.trust-shell.test,app.trust-shell.test', true],
    ['app.trust-shell.test', true],
    [' APP.Trust-Shell.test , other.test', true],
    ['app.trust-shell.test.', true],
    ['app.trust-shell.test:4173', true],
    ['app.trust-shell.test:9999', false],
    ['trust-shell.test', false],
    ['pp.trust-shell.test', false],
  ])('%j on app.trust-shell.test:4173 → skipped %s', (domains, skipped) => {
    expect(isSeedSkipped(here, domains)).toBe(skipped);
  });
});

describe('seed address: RuntimeConfig.seedTranslationUrl, else the seedTranslationUrl attribute, else /seed-translations', () => {
  it.each<[string | null, string | null, string]>([
    [null, null, '/seed-translations/de-de'],
    ['https://cdn.test/seed', null, 'https://cdn.test/seed/de-de'],
    ['https://cdn.test/seed/', 'https://other.test/seed', 'https://cdn.test/seed/de-de'],
    [null, '/seed', '/seed/de-de'],
    ['', '/seed', '/seed/de-de'],
    [null, '  ', '/seed-translations/de-de'],
  ])('config %j, attribute %j → %s', (configUrl, attributeUrl, url) => {
    expect(seedTranslationUrl('de-de', configUrl, attributeUrl)).toBe(url);
  });

  it('builds the seed source from the attributes and the host', () => {
    const attrs = [
      { Key: 'seedTranslationDomains', Value: 'seed.test' },
      { Key: 'seedTranslationUrl', Value: '/static/seed' },
    ];
    expect(seedSourceFrom(attrs, null, { hostname: 'localhost', host: 'localhost:4173' }).urlFor('ar')).toBe('/static/seed/ar');
    expect(seedSourceFrom(attrs, '/configured', { hostname: 'localhost', host: 'localhost:4173' }).urlFor('ar')).toBe('/configured/ar');
    expect(seedSourceFrom(attrs, null, { hostname: 'seed.test', host: 'seed.test' }).urlFor('ar')).toBeNull();
    expect(seedSourceFrom([], null, { hostname: 'localhost', host: 'localhost' }).urlFor('en-us')).toBe('/seed-translations/en-us');
  });
});

describe('missing keys (SPEC §8)', () => {
  async function instance(map: Record<string, string>) {
    const i18n = createInstance();
    await i18n.init(i18nOptions('en-us', map));
    return i18n;
  }

  it.each<[string, boolean, string]>([
    ['Known', false, 'Known text'],
    ['Known', true, 'Known text'],
    ['Missing', false, 'Missing'],
    ['Missing', true, 'Missing NOT FOUND'],
    ['Other.Missing', true, 'Other.Missing NOT FOUND'],
  ])('t(%j) with FallBackToNotFound %s → %j', async (key, notFound, text) => {
    setFallBackToNotFound(notFound);
    const i18n = await instance({ Known: 'Known text' });
    expect(i18n.t(key)).toBe(text);
    expect(missingKeyText(key)).toBe(notFound ? `${key} NOT FOUND` : key);
  });

  it('interpolates and keeps an empty translation', async () => {
    const i18n = await instance({ Hello: 'Hello {{name}}', Empty: '' });
    expect(i18n.t('Hello', { name: '<b>' })).toBe('Hello <b>');
    expect(i18n.t('Empty')).toBe('');
  });
});

describe('anonymous translations (v1)', () => {
  it.each<[string | null, string]>([
    [null, allZeroTenant],
    ['not-a-tenant', allZeroTenant],
    [tenantA, tenantA],
  ])('with stored tenant %j sends language and tenantId=%s', async (stored, tenantId) => {
    if (stored) writeLocal(storageKeys.tenant, stored);
    expect(storedTenantId()).toBe(tenantId);
    api.mockResolvedValueOnce(json({ Translations: { A: 'a' }, FallBackToNotFound: false }));
    await loadAnonymousTranslations('de-de');
    const url = new URL(api.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/api/globalization/v1/translations/de-de');
    expect(Object.fromEntries(url.searchParams)).toEqual({ language: 'de-de', tenantId });
  });

  it('keeps the last good copy per language and tenant for offline starts', async () => {
    api.mockResolvedValueOnce(json({ Translations: { A: 'eins' }, FallBackToNotFound: true }));
    expect(await loadAnonymousTranslations('de-de', tenantA)).toEqual({ map: { A: 'eins' }, fallBackToNotFound: true });
    api.mockRejectedValueOnce(new TypeError('offline'));
    expect(await loadAnonymousTranslations('de-de', tenantA)).toEqual({ map: { A: 'eins' }, fallBackToNotFound: true });
    api.mockResolvedValueOnce(json({ nonsense: true }));
    expect(await loadAnonymousTranslations('de-de', tenantA)).toEqual({ map: { A: 'eins' }, fallBackToNotFound: true });
    // Another language was never loaded: keys show.
    api.mockRejectedValueOnce(new TypeError('offline'));
    expect(await loadAnonymousTranslations('fr-fr', tenantA)).toEqual({ map: {}, fallBackToNotFound: false });
  });
});

describe('signed-in translations (v2 tenant + seed)', () => {
  const seedSource = (url: string | null) => ({ urlFor: (lang: string) => (url ? `${url}/${lang}` : null) });
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const signedInAs = (guid: string, tenantGuid: string) =>
    writeKv(sessionKeys.accessToken, `${b64({ alg: 'RS256' })}.${b64({ guid, tenantGuid, orgGroupGuid: 'g', exp: Math.floor(Date.now() / 1000) + 900 })}.sig`);
  const ada = { tenantId: tenantA, memberGuid: 'member-ada' };
  const bob = { tenantId: tenantA, memberGuid: 'member-bob' };
  beforeEach(async () => {
    await clearSignedInTranslations();
    await signedInAs(ada.memberGuid, tenantA);
  });

  it('merges the tenant answer over the seed', async () => {
    api.mockResolvedValueOnce(json(tenantAnswer({ defaultTranslations: { A: 'default', B: 'default' }, customTerms: { B: 'custom' } })));
    seedFetch.mockResolvedValueOnce(json({ A: 'seed', S: 'seed only' }));
    const loaded = await loadTenantTranslations('en-us', ada, seedSource('/seed-translations'));
    expect(loaded).toEqual({ map: { A: 'default', B: 'custom', S: 'seed only' }, fallBackToNotFound: false });
    expect(String(api.mock.calls[0]![0])).toBe('/api/globalization/v2/translations/tenant/en-us');
    expect((seedFetch.mock.calls[0]![0] as URL).href).toBe(`${location.origin}/seed-translations/en-us`);
  });

  it.each<[string, () => void]>([
    ['skipped on this host', () => undefined],
    ['failing', () => seedFetch.mockResolvedValueOnce(json({}, 404))],
    ['malformed', () => seedFetch.mockResolvedValueOnce(json({ A: 1 }))],
    ['unreachable', () => seedFetch.mockRejectedValueOnce(new TypeError('offline'))],
  ])('uses the tenant translations alone when the seed is %s', async (name, arrange) => {
    arrange();
    api.mockResolvedValueOnce(json(tenantAnswer({ translations: { A: 'tenant' } })));
    const loaded = await loadTenantTranslations('ar', ada, seedSource(name.startsWith('skipped') ? null : '/seed'));
    expect(loaded?.map).toEqual({ A: 'tenant' });
    if (name.startsWith('skipped')) expect(seedFetch).not.toHaveBeenCalled();
  });

  it('falls back to the last good merged copy, else null', async () => {
    api.mockResolvedValueOnce(json(tenantAnswer({ translations: { A: 'v2' }, FallBackToNotFound: true })));
    seedFetch.mockResolvedValueOnce(json({ S: 'seed' }));
    await loadTenantTranslations('de-de', ada, seedSource('/seed'));
    api.mockResolvedValueOnce(json({}, 503));
    seedFetch.mockRejectedValueOnce(new TypeError('offline'));
    expect(await loadTenantTranslations('de-de', ada, seedSource('/seed'))).toEqual({ map: { S: 'seed', A: 'v2' }, fallBackToNotFound: true });
    api.mockResolvedValueOnce(json({}, 503));
    expect(await loadTenantTranslations('de-de', { ...ada, tenantId: allZeroTenant }, seedSource(null))).toBeNull();
  });

  it('keeps a copy per member: none for another member or a load that outlived its member; sign-out deletes it', async () => {
    api.mockResolvedValueOnce(json(tenantAnswer({ translations: { A: 'for Ada' } })));
    await loadTenantTranslations('en-us', ada, seedSource(null));
    expect((await cachedTenantTranslations('en-us', ada))?.map).toEqual({ A: 'for Ada' });
    expect(await cachedTenantTranslations('en-us', bob)).toBeNull();
    // Ada's answer arrives after Bob has signed in on this browser: shown to nobody later.
    await signedInAs(bob.memberGuid, tenantA);
    api.mockResolvedValueOnce(json(tenantAnswer({ translations: { A: 'late for Ada' } })));
    await loadTenantTranslations('de-de', ada, seedSource(null));
    expect(await cachedTenantTranslations('de-de', ada)).toBeNull();
    await clearSignedInTranslations();
    expect(await cachedTenantTranslations('en-us', ada)).toBeNull();
  });
});

describe('tenant-custom module translations', () => {
  it('loads one module on demand, merged like the tenant answer', async () => {
    api.mockResolvedValueOnce(json(tenantAnswer({ defaultTranslations: { VendorTerm: 'Vendor', VendorPortal: 'Vendor portal' }, customTerms: { VendorTerm: 'Supplier' } })));
    expect(await loadModuleTranslationMap('vendor', 'en-us', tenantA)).toEqual({
      map: { VendorTerm: 'Supplier', VendorPortal: 'Vendor portal' },
      fallBackToNotFound: false,
    });
    expect(String(api.mock.calls[0]![0])).toBe('/api/globalization/v2/translations/tenant-custom/en-us/vendor');
  });

  it.each(['../admin', 'a/b', '', 'x'.repeat(65)])('refuses the module name %j without a call', async (name) => {
    expect(await loadModuleTranslationMap(name, 'en-us', tenantA)).toEqual({ map: {}, fallBackToNotFound: false });
    expect(api).not.toHaveBeenCalled();
  });
});
