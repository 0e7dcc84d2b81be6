import { platformCall } from '../../pipeline/core/platformCall';

/** SPEC §3 signed-in state; with a big tenant its body holds a 50,000-node organisation tree. */
export const initPath = '/api/global-state/v1/init';

/** How the engine reaches the platform: `controlled` says whether a service worker controls the page. */
export type PlatformFetch = (path: string, controlled: boolean) => Promise<Response>;

/**
 * A platform GET from a context that cannot see the service worker itself (a dedicated worker): the
 * page says whether one controls it, and the page's rule applies (`pipeline/core/platformCall`; the
 * worker, created by a controlled page, is controlled too). Init, a start-up read, goes through the
 * service worker when one controls the page (one call for every tab: pipeline/core/sharedReads);
 * without one the pipeline is applied in this context (bearer, tenant prefix, Accept-Language,
 * 401 → one refresh under the shared Web Lock → retry).
 */
export const contextFetch: PlatformFetch = (path, controlled) => platformCall(new Request(new URL(path, globalThis.location.origin)), controlled);
