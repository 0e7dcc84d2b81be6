// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { appStore } from '../../state/jotai';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { readKv, sessionKeys, writeKv } from '../../session/core/sessionDb';
import type { AccessClaims } from '../../session/core/claims';
import { sessionAtom, signedOutSession } from '../../session/page/sessionAtoms';
import { storageKeys } from '../storage/keys';
import { readLocal, removeLocal, writeLocal } from '../storage/localStore';
import { initI18n } from './i18n';
import { changeLanguage, switchLanguage } from './changeLanguage';
import { languageAtom, textDirectionAtom } from './runtime';
import { dateLocaleAtom } from './dateLocale';
import { loadSignedInTranslations, signedInLanguage } from './memberLanguage.chunk';
import { fallbackLanguages, languagesAtom, loadLanguages, type Language } from './languages';
import { loadModuleTranslations } from './moduleTranslations';
import { waitBound } from '../../core/waitBound.testSupport';


vi.mock('../../pipeline/page/apiFetch', () => ({ apiFetch: vi.fn() }));
const api = vi.mocked(apiFetch);

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const languages: Language[] = [
  { Id: 1, Code: 'en-us', Name: 'English (US)', IsRtl: false },
  { Id: 2, Code: 'de-de', Name: 'Deutsch', IsRtl: false },
  { Id: 3, Code: 'ar', Name: 'العربية', IsRtl: true },
];
const texts: Record<string, Record<string, string>> = {
  'en-us': { Hello: 'Hello', Home: 'Home' },
  'de-de': { Hello: 'Hallo', Home: 'Startseite' },
  ar: { Hello: 'مرحبا', Home: 'الرئيسية' },
};
const languageOf = (path: string) => decodeURIComponent(new URL(path, 'http://x').pathname.split('/').at(-1) ?? '');

/** A small platform: v1, v2 tenant, tenant-custom, languages, attributes; `offline` fails everything. */
let offline = false;
let seen: string[] = [];
function platform(path: string): Promise<Response> {
  seen.push(path);
  if (offline) return Promise.reject(new TypeError('Failed to fetch'));
  const { pathname } = new URL(path, 'http://x');
  if (pathname.startsWith('/api/globalization/v1/translations/')) {
    return Promise.resolve(json({ Translations: texts[languageOf(path)] ?? {}, FallBackToNotFound: false }));
  }
  if (pathname.startsWith('/api/globalization/v2/translations/tenant/')) {
    const lang = languageOf(path);
    return Promise.resolve(json({ defaultTranslations: texts[lang] ?? {}, translations: { Home: `${texts[lang]?.Home ?? ''} (Acme)` }, defaultCustomTerms: {}, customTerms: {}, FallBackToNotFound: true }));
  }
  if (pathname.startsWith('/api/globalization/v2/translations/tenant-custom/')) {
    const lang = decodeURIComponent(pathname.split('/')[6] ?? '');
    return Promise.resolve(json({ defaultTranslations: { VendorPortal: `vendor:${lang}` }, translations: {}, defaultCustomTerms: {}, customTerms: {}, FallBackToNotFound: false }));
  }
  if (pathname === '/api/globalization/v1/languages') return Promise.resolve(json(languages));
  if (pathname === '/api/content/v1/attributes/auth') return Promise.resolve(json([{ Key: 'seedTranslationDomains', Value: location.hostname }]));
  return Promise.resolve(json({}, 404));
}

const claims = (languageId: number, guid = '00000000-0000-4000-8000-000000000001'): AccessClaims => ({
  guid,
  email: 'member@acme.test',
  authorities: [],
  role: 'Member',
  tenantGuid: '00000000-0000-4000-8000-00000000000a',
  orgGroupGuid: '00000000-0000-4000-8000-00000000000b',
  root: '00000000-0000-4000-8000-00000000000c',
  languageId,
  virtualRole: false,
  iat: 0,
  exp: 4102444800,
});

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** Signed in as `c`: the atoms and the stored access token (whose member a kept catalogue belongs to). */
async function signIn(c: AccessClaims) {
  appStore.set(sessionAtom, { isLoggedIn: true, claims: c, refreshClaims: null, userName: c.email });
  await writeKv(sessionKeys.accessToken, `${b64({ alg: 'RS256' })}.${b64({ ...c, exp: Math.floor(Date.now() / 1000) + 900 })}.sig`);
}

beforeAll(async () => {
  api.mockImplementation((path) => platform(path));
  removeLocal(storageKeys.selectedLanguage);
  await initI18n();
});

beforeEach(() => {
  offline = false;
  seen = [];
  appStore.set(sessionAtom, signedOutSession);
  removeLocal(storageKeys.updatedLanguageCode);
});

describe('start', () => {
  it('starts in en-us, left to right, with the v1 translations', () => {
    expect(i18next.language).toBe('en-us');
    expect(i18next.t('Hello')).toBe('Hello');
    expect(document.documentElement.lang).toBe('en-us');
    expect(document.documentElement.dir).toBe('ltr');
  });
});

describe('changing language without a reload', () => {
  it.each([
    ['ar', 'rtl', 'مرحبا'],
    ['de-de', 'ltr', 'Hallo'],
    ['en-us', 'ltr', 'Hello'],
  ])('%s: texts, <html lang dir>, atoms, stored language and Accept-Language', async (code, dir, hello) => {
    await changeLanguage(code);
    expect(i18next.t('Hello')).toBe(hello);
    expect(document.documentElement.lang).toBe(code);
    expect(document.documentElement.dir).toBe(dir);
    expect(appStore.get(languageAtom)).toBe(code);
    expect(appStore.get(textDirectionAtom)).toBe(dir);
    expect(readLocal(storageKeys.selectedLanguage)).toBe(code);
    expect(readLocal(storageKeys.updatedLanguageCode)).toBe(code);
    // What the request pipeline reads for Accept-Language.
    expect(await readKv(sessionKeys.language, (v): v is string => typeof v === 'string')).toBe(code);
  });

  it('loads the date locale of the language (Arabic day periods)', async () => {
    await changeLanguage('ar');
    expect(appStore.get(dateLocaleAtom)?.code).toBe('ar');
    await changeLanguage('en-us');
    expect(appStore.get(dateLocaleAtom)).toBeUndefined();
  });

  it('to the language on screen, with the same texts, re-renders nothing: no language or store event', async () => {
    await changeLanguage('en-us');
    const events: string[] = [];
    const languageChanged = () => events.push('languageChanged');
    const stored = () => events.push('store');
    i18next.on('languageChanged', languageChanged);
    i18next.store.on('added', stored);
    i18next.store.on('removed', stored);
    await changeLanguage('en-us');
    i18next.off('languageChanged', languageChanged);
    i18next.store.off('added', stored);
    i18next.store.off('removed', stored);
    expect(events).toEqual([]);
    expect(i18next.t('Hello')).toBe('Hello');
    expect(document.documentElement.lang).toBe('en-us');
  });

  it('ignores a value that is not a language code', async () => {
    await changeLanguage('../../etc');
    expect(i18next.language).toBe('en-us');
  });

  it('lets the last of two quick switches win', async () => {
    await Promise.all([changeLanguage('ar'), changeLanguage('de-de')]);
    expect(i18next.language).toBe('de-de');
    expect(document.documentElement.dir).toBe('ltr');
    await changeLanguage('en-us');
  });

  it('keeps what it shows when a language cannot be loaded and was never loaded before (keys)', async () => {
    offline = true;
    await switchLanguage('fr-fr');
    expect(i18next.t('Hello')).toBe('Hello');
    offline = false;
    await changeLanguage('en-us');
  });
});

describe('the member language after sign-in', () => {
  it.each<[number, boolean, string, string]>([
    [3, false, 'en-us', 'ar'],
    [2, false, 'en-us', 'de-de'],
    [3, true, 'de-de', 'de-de'],
    [99, false, 'de-de', 'de-de'],
    [0, false, 'en-us', 'en-us'],
  ])('languageId %d, chosen here %s, stored %s → %s', (languageId, chosen, stored, expected) => {
    expect(signedInLanguage({ languageId }, languages, chosen, stored)).toBe(expected);
  });

  it('switches the arabic member to ar, right to left, from the v2 tenant route (seeds skipped on this host)', async () => {
    const member = claims(3);
    await signIn(member);
    await loadSignedInTranslations(member);
    expect(i18next.language).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18next.t('Home')).toBe('الرئيسية (Acme)');
    expect(i18next.t('Missing')).toBe('Missing NOT FOUND');
    expect(readLocal(storageKeys.updatedLanguageCode)).toBeNull();
    expect(seen.some((p) => p.startsWith('/api/globalization/v2/translations/tenant/ar'))).toBe(true);
    expect(appStore.get(languagesAtom)).toEqual(languages);
  });

  it("keeps the member's own pick in this browser", async () => {
    const member = claims(3, '00000000-0000-4000-8000-000000000002');
    await signIn(member);
    writeLocal(storageKeys.updatedLanguageCode, 'de-de');
    writeLocal(storageKeys.selectedLanguage, 'de-de');
    await loadSignedInTranslations(member);
    expect(i18next.language).toBe('de-de');
  });

  it('works offline from the member’s last good tenant translations and languages', async () => {
    const member = claims(3, '00000000-0000-4000-8000-000000000003');
    await signIn(member);
    await loadSignedInTranslations(member);
    await signIn(claims(0));
    await signIn(member); // a new sign-in: the page loads afresh
    offline = true;
    await loadSignedInTranslations(member);
    expect(i18next.language).toBe('ar');
    expect(i18next.t('Home')).toBe('الرئيسية (Acme)');
  });
});

describe('signing out and in again', () => {
  it('goes back to the anonymous translations, and loads the tenant ones afresh on the next sign-in', async () => {
    const member = claims(3, '00000000-0000-4000-8000-000000000005');
    await signIn(member);
    await loadSignedInTranslations(member);
    expect(i18next.t('Home')).toBe('الرئيسية (Acme)');
    appStore.set(sessionAtom, signedOutSession);
    await vi.waitFor(() => expect(i18next.t('Home')).toBe('الرئيسية'), waitBound);
    expect(i18next.language).toBe('ar');
    seen = [];
    await signIn(member);
    await loadSignedInTranslations(member);
    expect(i18next.t('Home')).toBe('الرئيسية (Acme)');
    expect(seen).toContain('/api/globalization/v2/translations/tenant/ar');
  });
});

describe('languages', () => {
  it('falls back to the last good list, then to en-us only', async () => {
    offline = false;
    await loadLanguages();
    offline = true;
    expect(await loadLanguages()).toEqual(languages);
    offline = false;
    api.mockImplementationOnce(() => Promise.resolve(json([{ Id: 1, Code: 'EN_US', Name: 'x', IsRtl: false }])));
    expect(await loadLanguages()).toEqual(languages);
    expect(fallbackLanguages.map((l) => l.Code)).toEqual(['en-us']);
  });
});

describe('module translations', () => {
  it('are a namespace that follows language changes, and need a signed-in member', async () => {
    expect(await loadModuleTranslations('vendor')).toEqual({});
    await signIn(claims(1, '00000000-0000-4000-8000-000000000004'));
    await changeLanguage('en-us');
    expect(await loadModuleTranslations('vendor')).toEqual({ VendorPortal: 'vendor:en-us' });
    expect(i18next.t('VendorPortal', { ns: 'vendor' })).toBe('vendor:en-us');
    await changeLanguage('de-de');
    expect(i18next.t('VendorPortal', { ns: 'vendor' })).toBe('vendor:de-de');
    await changeLanguage('en-us');
  });
});
