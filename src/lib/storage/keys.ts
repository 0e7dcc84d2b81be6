/** SPEC §3 browser-storage keys, all under the product prefix so nothing collides with other apps. */
export const storagePrefix = 'trust-shell.';

export const storageKeys = {
  auth: `${storagePrefix}auth`,
  tenant: `${storagePrefix}tenant`,
  content: `${storagePrefix}content`,
  session: `${storagePrefix}session`,
  lastLoginEmail: `${storagePrefix}lastLoginEmail`,
  selectedLanguage: `${storagePrefix}selectedLanguage`,
  updatedLanguageCode: `${storagePrefix}updatedLanguageCode`,
  timedOut: `${storagePrefix}timedOut`,
  /** When a member last used any tab of the session (ms): every tab's idle watcher reads it. */
  lastActivity: `${storagePrefix}lastActivity`,
  /** Per tab (sessionStorage): each tab returns to its own place after signing in again. */
  returnUrl: `${storagePrefix}returnUrl`,
  autoRefreshId: `${storagePrefix}autoRefreshId`,
  omni: `${storagePrefix}omni`,
  dismissedAlerts: `${storagePrefix}dismissedAlerts`,
  theme: `${storagePrefix}theme`,
  signInData: `${storagePrefix}signInData`,
  /** Per tab (sessionStorage): the page this tab reloaded once after a deploy removed a chunk. */
  chunkReload: `${storagePrefix}chunkReload`,
  /** Per tab (sessionStorage): when this tab last reloaded by itself after a page failed to load. */
  routeErrorReload: `${storagePrefix}routeErrorReload`,
  /** The build whose service worker a kill-switch deploy retired: that build does not register it again. */
  swRetired: `${storagePrefix}swRetired`,
  /** Every member's browsing history on this browser, one document keyed by user and tenant. */
  history: `${storagePrefix}history`,
  /** Which fonts and images the kept top bar uses, for the next start's pre-paint to prepare (firstPaint/page/warmUp): nothing about the member. */
  chromeWarmUp: `${storagePrefix}chromeWarmUp`,
  /** The last start-up run's alert banners, for the next start to show with the live chrome (lib/alerts/keptBanners). */
  keptBanners: `${storagePrefix}keptBanners`,
  /** Per tab (sessionStorage): this tab's id, for the auto refresh's leader mark. */
  tabId: `${storagePrefix}tabId`,
  /** The `state` of a re-sign-in popup's authorization request: its return goes back to the page that opened it. */
  reSignInState: `${storagePrefix}reSignInState`,
} as const;

/** A form's unsent input (lib/forms/formDraft), one key per form, member and tenant. */
export type DraftStorageKey = `${typeof storagePrefix}draft.${string}`;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys] | DraftStorageKey;
