/**
 * Every name that crosses a context boundary (tabs, the service worker, the workers, other builds of
 * the shell on the same origin), defined once. A name changed in one context only would split the
 * session silently: two locks that no longer exclude each other, a channel nobody hears.
 * The message schemas that travel under these names live beside their channels
 * (`session/sessionChannel`, `outbox/outboxChannel`, `pwa/workerMessages`).
 */

/** Web Locks. */
export const locks = {
  /** One refresh grant at a time for every tab and the service worker (`session/refresh`). */
  refresh: 'trust-shell.refresh',
  /** The tab holding it runs the auto refresh (`session/page/autoRefresh`). */
  autoRefresh: 'trust-shell.auto-refresh',
  /** One outbox replay at a time (`outbox/replayOutbox`). */
  outbox: 'trust-shell.outbox',
  /** Held shared by each tab until its open work is saved; the timed-out sign-out waits for it (`session/page/sessionTimeout`). */
  openWork: 'trust-shell.open-work',
} as const;

/** BroadcastChannels. */
export const channels = {
  /** session-changed, logoff, switches, connectivity (`session/sessionChannel`). */
  session: 'trust-shell.session',
  /** outbox-settled (`outbox/outboxChannel`). */
  outbox: 'trust-shell.outbox',
  /** A re-sign-in popup's return address, from the popup to the page that opened it (`lib/auth/reSignInReturn`). */
  reSignIn: 'trust-shell.re-sign-in',
} as const;

/** IndexedDB databases, their versions and object stores. */
export const databases = {
  /** The session: auth object, access token, language, login-client settings, last known state (`session/sessionDb`). */
  session: { name: 'trust-shell', version: 1, stores: { kv: 'kv' } },
  /** Queued writes (`outbox/outboxStore`). */
  outbox: { name: 'trust-shell-outbox', version: 1, stores: { writes: 'writes' } },
  /** Organisation trees and the chosen organisation (`orgTree/orgTreeStore`). */
  orgTree: { name: 'trust-shell-orgtree', version: 1, stores: { trees: 'trees', current: 'current' } },
  /** The last painted brand per member, tenant, organisation group and role (`lib/branding/brandStore`). */
  brand: { name: 'trust-shell-brand', version: 1, stores: { brands: 'brands' } },
} as const;

/** Cache Storage names. */
export const cacheNames = {
  /** Prefix of the per-member API answer buckets (`pipeline/apiCache`). */
  apiPrefix: 'trust-shell-api',
  /** The service worker's copy of /config.json. */
  config: 'trust-shell-config',
  /**
   * The middle of Workbox's precache name (`workbox-{this}-{scope}`; it must contain "-precache-"
   * so cleanupOutdatedCaches removes older ones): the shell's built files, which the browser reads
   * itself through the worker's static routes (`sw/staticRoutes`).
   */
  precache: 'precache-v3',
} as const;

/** The Background Sync tag under which the service worker replays the outbox. */
export const outboxSyncTag = 'trust-shell-outbox';

/** Messages between the tabs and the service worker (postMessage); schemas in `pwa/workerMessages`. */
export const workerMessages = {
  skipWaiting: 'SKIP_WAITING',
  skipWaitingIfUnseen: 'SKIP_WAITING_IF_UNSEEN',
  outboxReplay: 'outbox-replay',
  /** Sent by the kill switch (public/sw-retire.js, which cannot import this module: keep it equal). */
  retired: 'trust-shell:sw-retired',
} as const;

/** The platform's token endpoint (contract), the default when the configuration names none. */
export const defaultTokenPath = '/api/access/v1/oauth/token';
