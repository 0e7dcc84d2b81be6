import i18next from 'i18next';
import { appStore } from '../../state/jotai';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { storageKeys } from '../storage/keys';
import { isLanguageCode, storeLanguage } from './languageStore';
import { loadAnonymousTranslations } from './translations';
import { loadDateLocale } from './dateLocale';
import { applyDocumentLanguage, installTranslations, prepareShellTexts, setFallBackToNotFound } from './runtime';
import type { SignedInLanguageLoad } from './languageLoad.chunk';

/** Where translations come from: v2 tenant (+ seeds) when signed in, v1 otherwise (contract). */
export type TranslationScope = { signedIn: false } | { signedIn: true; tenantId: string; memberGuid: string };

export function currentScope(): TranslationScope {
  const { isLoggedIn, claims } = appStore.get(sessionAtom);
  return isLoggedIn && claims ? { signedIn: true, tenantId: claims.tenantGuid, memberGuid: claims.guid } : { signedIn: false };
}

async function loadFor(lang: string, scope: TranslationScope): Promise<SignedInLanguageLoad> {
  if (!scope.signedIn) return { loaded: await loadAnonymousTranslations(lang), modules: new Map() };
  // The signed-in loaders are their own chunk (precached by the service worker, so offline too).
  try {
    const { loadSignedInLanguage } = await import('./languageLoad.chunk');
    return await loadSignedInLanguage(lang, { tenantId: scope.tenantId, memberGuid: scope.memberGuid });
  } catch {
    return { loaded: null, modules: new Map() }; // the chunk is unreachable: keep what is shown
  }
}

let generation = 0;

export interface SwitchOptions {
  /** Write the language to storage (and so to Accept-Language). False when another tab already did. */
  store?: boolean;
  /** The member picked it (a language menu): it then wins over the member's platform language. */
  chosen?: boolean;
  scope?: TranslationScope;
}

/**
 * Puts a language on screen without a reload: stores it first (the pipeline reads it for
 * Accept-Language, so the translation calls already carry it), loads its translations, the loaded
 * modules' and its date locale, then swaps the bundles and the language in one go, which
 * re-renders every screen and sets <html lang dir>. A later switch supersedes an earlier one.
 */
export async function switchLanguage(code: string, options: SwitchOptions = {}): Promise<void> {
  if (!isLanguageCode(code)) return;
  const mine = (generation += 1);
  if (options.store !== false) await storeLanguage(code, { chosen: options.chosen === true }).catch(() => undefined);
  const scope = options.scope ?? currentScope();
  const [{ loaded, modules }, dateLocale] = await Promise.all([loadFor(code, scope), loadDateLocale(code), prepareShellTexts(code, { all: scope.signedIn })]);
  if (mine !== generation) return;
  installTranslations(code, loaded);
  for (const [module, translations] of modules) installTranslations(code, translations, module);
  if (loaded) setFallBackToNotFound(loaded.fallBackToNotFound);
  // The language already on screen (a signed-in start confirming it): no language event, which
  // would re-render every translated component for nothing.
  if (i18next.language !== code) await i18next.changeLanguage(code);
  applyDocumentLanguage(code, dateLocale);
}

/** The member picks a language (the language menus). */
export function changeLanguage(code: string): Promise<void> {
  return switchLanguage(code, { chosen: true });
}

let following = false;

/** Another tab of this browser changed the language: this one follows (already stored). */
export function followLanguageOfOtherTabs(): void {
  if (following || typeof window === 'undefined') return;
  following = true;
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKeys.selectedLanguage || !isLanguageCode(event.newValue)) return;
    if (event.newValue !== i18next.language) void switchLanguage(event.newValue, { store: false });
  });
}

let signedIn = false;
let watchingSession = false;

/**
 * Signed out (logoff, another tab's sign-out, a refused refresh): the screens go back to the
 * anonymous translations, so no tenant's own terms stay on the sign-in page.
 */
export function followSignOut(): void {
  if (watchingSession) return;
  watchingSession = true;
  signedIn = appStore.get(sessionAtom).isLoggedIn;
  appStore.sub(sessionAtom, () => {
    const now = appStore.get(sessionAtom).isLoggedIn;
    if (signedIn && !now && isLanguageCode(i18next.language)) void switchLanguage(i18next.language, { store: false, scope: { signedIn: false } });
    signedIn = now;
  });
}
