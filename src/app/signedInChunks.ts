/**
 * The signed-in route's code, one loader per chunk, shared by the router, the main guard and the
 * start-up: with a stored session they are all asked for at once, as the page starts, instead of
 * in rounds (layout and page once the router runs, the start once the guard runs, the catalogue
 * loader once the language switches).
 */
export const signedInChunks = {
  layout: () => import('../features/shell/SignedInLayout.chunk'),
  mfeHost: () => import('../features/mfeHost/MfeHostPage.chunk'),
  start: () => import('../startup/page/stateLoader.chunk'),
  translations: () => import('../lib/i18n/memberLanguage.chunk'),
  languageLoad: () => import('../lib/i18n/languageLoad.chunk'),
};

/** Starts every signed-in chunk's download (a failure is left to the real import to report). */
export function preloadSignedInChunks(): void {
  for (const load of Object.values(signedInChunks)) void load().catch(() => undefined);
}
