import type { AccessClaims } from '../../session/core/claims';
import { appStore } from '../../state/jotai';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { currentLanguage, hasChosenLanguage } from './languageStore';
import { languageCodeForId, loadLanguages, type Language } from './languages';
import { seedSourceFor } from './seedSource';
import { switchLanguage } from './changeLanguage';

/**
 * The language a signed-in member sees: their own pick in this browser, else the platform's
 * language for them (the access token's languageId, looked up in the languages list), else the
 * stored one.
 */
export function signedInLanguage(claims: Pick<AccessClaims, 'languageId'>, languages: readonly Language[], chosen: boolean, stored: string): string {
  if (chosen) return stored;
  return languageCodeForId(languages, claims.languageId) ?? stored;
}

let inFlight: { key: string; promise: Promise<void> } | null = null;
let watching = false;

/** A sign-out ends the page's signed-in load: signing in again (even as the same member) loads afresh. */
function forgetOnSignOut(): void {
  if (watching) return;
  watching = true;
  appStore.sub(sessionAtom, () => {
    if (!appStore.get(sessionAtom).isLoggedIn) inFlight = null;
  });
}

/**
 * Signed-in translations (contract: v2 tenant merged with seeds): the languages list and the
 * content attributes first, then the member's language. Safe to call more than once (the main
 * guard and the layout may both call it): one load per tenant, member and sign-in per page.
 */
export function loadSignedInTranslations(claims: AccessClaims | null): Promise<void> {
  if (!claims) return Promise.resolve();
  forgetOnSignOut();
  const key = `${claims.tenantGuid}:${claims.guid}`;
  if (inFlight?.key === key) return inFlight.promise;
  const promise = (async () => {
    const [languages] = await Promise.all([loadLanguages(), seedSourceFor(claims.tenantGuid)]);
    const lang = signedInLanguage(claims, languages, hasChosenLanguage(), currentLanguage());
    // Stored for Accept-Language, but not marked as the member's own pick in this browser.
    await switchLanguage(lang, { scope: { signedIn: true, tenantId: claims.tenantGuid, memberGuid: claims.guid } });
  })();
  inFlight = { key, promise };
  return promise;
}
