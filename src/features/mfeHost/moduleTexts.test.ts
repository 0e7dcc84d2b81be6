// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/jotai';
import { apiFetch } from '../../pipeline/page/apiFetch';
import type { AccessClaims } from '../../session/core/claims';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { storageKeys } from '../../lib/storage/keys';
import { removeLocal } from '../../lib/storage/localStore';
import { initI18n } from '../../lib/i18n/i18n';
import { changeLanguage } from '../../lib/i18n/changeLanguage';
import { createHostApi } from './hostApi';
import { waitBound } from '../../core/waitBound.testSupport';

vi.mock('../../pipeline/page/apiFetch', () => ({ apiFetch: vi.fn() }));
const api = vi.mocked(apiFetch);

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const tenantAnswer = (customTerms: Record<string, string>) => ({ defaultTranslations: {}, translations: {}, defaultCustomTerms: {}, customTerms, FallBackToNotFound: false });

/** The tenant's terms of module "vendor" per language; an off-contract answer where `offContract` says. */
const terms: Record<string, Record<string, string>> = {
  'en-us': { VendorsUnderReview: 'Suppliers under review' },
  'de-de': { VendorsUnderReview: 'Zulieferer in Prüfung' },
};
let offContract: unknown = null;
let seen: string[] = [];

function platform(path: string): Promise<Response> {
  seen.push(path);
  const { pathname } = new URL(path, 'http://x');
  const lang = decodeURIComponent(pathname.split('/')[6] ?? '');
  if (pathname.startsWith('/api/globalization/v2/translations/tenant-custom/')) {
    return Promise.resolve(json(offContract ?? tenantAnswer(terms[lang] ?? {})));
  }
  // Seeds are skipped on this host (no seed server in a unit test).
  if (pathname === '/api/content/v1/attributes/auth') return Promise.resolve(json([{ Key: 'seedTranslationDomains', Value: location.hostname }]));
  if (pathname.startsWith('/api/globalization/')) return Promise.resolve(json({ Translations: {}, FallBackToNotFound: false }));
  return Promise.resolve(json({}, 404));
}

const member: AccessClaims = {
  guid: '00000000-0000-4000-8000-000000000001',
  email: 'member@acme.test',
  authorities: [],
  role: 'Member',
  tenantGuid: '00000000-0000-4000-8000-00000000000a',
  orgGroupGuid: '00000000-0000-4000-8000-00000000000b',
  root: '00000000-0000-4000-8000-00000000000c',
  languageId: 1,
  virtualRole: false,
  iat: 0,
  exp: 4102444800,
};

beforeAll(async () => {
  api.mockImplementation((path) => platform(String(path)));
  removeLocal(storageKeys.selectedLanguage);
  await initI18n();
  appStore.set(sessionAtom, { isLoggedIn: true, claims: member, refreshClaims: null, userName: member.email });
});

beforeEach(async () => {
  offContract = null;
  await changeLanguage('en-us');
  seen = [];
});

describe('a remote’s module texts (host.i18n.module)', () => {
  it('give the tenant’s term, and the other language’s after a live switch, telling the remote when', async () => {
    const unmounted = new AbortController();
    const host = createHostApi(() => undefined, unmounted.signal);
    const vendor = await host.i18n.module('vendor');
    expect(vendor.t('VendorsUnderReview', 'Vendors under review')).toBe('Suppliers under review');
    expect(seen).toContain('/api/globalization/v2/translations/tenant-custom/en-us/vendor');

    const switched: string[] = [];
    host.i18n.onLanguageChange((language) => switched.push(`${language}: ${vendor.t('VendorsUnderReview', 'Vendors under review')}`));
    await changeLanguage('de-de');
    await vi.waitFor(() => expect(switched).toEqual(['de-de: Zulieferer in Prüfung']), waitBound);

    unmounted.abort(); // unmounting ends the remote's subscription
    await changeLanguage('en-us');
    expect(switched).toEqual(['de-de: Zulieferer in Prüfung']);
    expect(vendor.t('VendorsUnderReview', 'Vendors under review')).toBe('Suppliers under review');
  });

  it('fall back to the remote’s own default text (else the key) for a key the tenant has not set', async () => {
    const vendor = await createHostApi(() => undefined).i18n.module('vendor');
    expect(vendor.t('VendorScore', 'Vendor score')).toBe('Vendor score');
    expect(vendor.t('VendorScore')).toBe('VendorScore');
  });

  // A module of its own each: no last good copy to fall back on.
  it.each([
    ['a body off the contract', 'risk1', { customTerms: 'Suppliers' }],
    ['a term that is not text', 'risk2', tenantAnswer({ VendorsUnderReview: 42 as unknown as string })],
    ['an array', 'risk3', []],
  ])('fall back to the remote’s default text on %s', async (_, module, body) => {
    offContract = body;
    const texts = await createHostApi(() => undefined).i18n.module(module);
    expect(seen).toEqual([`/api/globalization/v2/translations/tenant-custom/en-us/${module}`]);
    expect(texts.t('VendorsUnderReview', 'Vendors under review')).toBe('Vendors under review');
  });

  it('keep the last good terms when a later answer is off the contract', async () => {
    await createHostApi(() => undefined).i18n.module('vendor');
    offContract = { customTerms: null };
    const vendor = await createHostApi(() => undefined).i18n.module('vendor');
    expect(seen).toHaveLength(2);
    expect(vendor.t('VendorsUnderReview', 'Vendors under review')).toBe('Suppliers under review');
  });

  it('survive a remote that passes no text at all', async () => {
    const vendor = await createHostApi(() => undefined).i18n.module('vendor');
    expect(vendor.t(42 as unknown as string, 'Default')).toBe('Default');
    expect(vendor.t(42 as unknown as string)).toBe('');
  });

  it('keep a listener that throws from breaking the shell’s language switch', async () => {
    const host = createHostApi(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    host.i18n.onLanguageChange(() => {
      throw new Error('remote bug');
    });
    await changeLanguage('de-de');
    expect(document.documentElement.lang).toBe('de-de');
    await vi.waitFor(() => expect(error).toHaveBeenCalled(), waitBound);
  });

  it.each(['../admin', 'a/b', 'vendor%2Fadmin', '', '..', 'x'.repeat(65)])('refuse the module name %j with a clear error, calling nothing', async (name) => {
    await expect(createHostApi(() => undefined).i18n.module(name)).rejects.toThrow(/is not a module name: one path segment/);
    expect(seen.filter((p) => p.includes('tenant-custom'))).toEqual([]);
  });
});
