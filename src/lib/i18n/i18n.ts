import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readClaims, readStoredAuth } from '../../session/core/sessionDb';
import { currentLanguage, storeLanguage } from './languageStore';
import { cachedTenantTranslations, loadAnonymousTranslations, type LoadedTranslations } from './translations';
import { applyDocumentLanguage, i18nOptions, prepareShellTexts, setFallBackToNotFound } from './runtime';
import { loadDateLocale } from './dateLocale';
import { followLanguageOfOtherTabs, followSignOut } from './changeLanguage';

export { missingKeyText } from './runtime';

/**
 * First translations of a page: the signed-in member's last good tenant translations when this
 * browser has them (no network, works offline: a warm start paints in the member's texts before any
 * answer), else the v1 route for the stored tenant (its last good copy when offline). The main guard
 * then loads the tenant translations fresh and swaps them in.
 */
async function initialTranslations(lang: string, stored: Promise<StoredSession>): Promise<LoadedTranslations> {
  const [auth, claims] = await stored;
  const cached = auth && claims ? await cachedTenantTranslations(lang, { tenantId: claims.tenantGuid, memberGuid: claims.guid }) : null;
  return cached ?? loadAnonymousTranslations(lang);
}

type StoredSession = [Awaited<ReturnType<typeof readStoredAuth>>, Awaited<ReturnType<typeof readClaims>>];

export async function initI18n(): Promise<typeof i18next> {
  const lang = currentLanguage();
  // The pipeline (page or service worker) reads the language from IndexedDB for Accept-Language.
  // Not waited for: IndexedDB runs transactions in the order they were made, so every read made
  // after this line (the reads below, the pipeline's) already sees it.
  void storeLanguage(lang).catch(() => undefined);
  const stored: Promise<StoredSession> = Promise.all([readStoredAuth(), readClaims()]);
  // With a session every shell text (a signed-in start), else the signed-out pages' only.
  const shellTexts = stored.then(([auth, claims]) => prepareShellTexts(lang, { all: Boolean(auth && claims) }));
  const [loaded, dateLocale] = await Promise.all([initialTranslations(lang, stored), loadDateLocale(lang), shellTexts]);
  setFallBackToNotFound(loaded.fallBackToNotFound);
  await i18next.use(initReactI18next).init(i18nOptions(lang, loaded.map));
  applyDocumentLanguage(lang, dateLocale);
  followLanguageOfOtherTabs();
  followSignOut();
  return i18next;
}
