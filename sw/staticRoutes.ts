import { cacheNames, copyResponse, setCacheNameDetails } from 'workbox-core';
import { addPlugins } from 'workbox-precaching';
import type { WorkboxPlugin } from 'workbox-core/types';
import { cacheNames as shellCaches } from '../src/core/protocol';

/**
 * The Service Worker Static Routing API (Chromium 123+; not in TypeScript's lib yet): routes the
 * browser follows itself, without starting this worker or running its fetch listeners.
 */
interface RouterRule {
  condition: { urlPattern?: string; requestMethod?: string; requestMode?: RequestMode };
  source: 'network' | 'cache' | 'fetch-event' | { cacheName: string };
}

interface InstallEventWithRoutes extends ExtendableEvent {
  addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void>;
}

/**
 * The built shell's hashed files (/assets/…: every script, style sheet and worker of a page start)
 * are read by the browser straight from the precache: a warm start's thirty-odd module requests
 * never wait for this worker's fetch event (nor run its JavaScript on a busy device). They are
 * stored under their own URLs (hashed names need no revision parameter); one
 * missing from the cache (an old version's lazy chunk after an update) goes to the network, as it
 * would through Workbox, and a 404 there is the stale-chunk reload's (src/pwa/staleChunks).
 * Browsers without the API keep serving them through Workbox's precache route.
 */
export function precachedAssetsRule(): RouterRule {
  return { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: cacheNames.precache } };
}

/**
 * Platform reads the page has already prepared (`isPreparedInPage`: bearer, language and the
 * token's tenant prefix added by the page's own pipeline, sent in the 'same-origin' mode) go
 * straight to the network: this worker would add nothing, and starting it for every such call cost
 * half again a call's time on a fast network. A screen's own fetch of `/api/…` (the default 'cors'
 * mode) still gets the worker's pipeline. A tenant prefix is one path segment.
 */
export function preparedReadsRules(): RouterRule[] {
  return ['/api/*', '/:tenantPrefix/api/*'].map((urlPattern) => ({
    condition: { urlPattern, requestMethod: 'GET', requestMode: 'same-origin' },
    source: 'network',
  }));
}

/**
 * Precached copies are kept without `Vary`. The browser's own cache look-up honours it, and a host
 * that varies on Origin (`vite preview` does) would never match a module script's request, which
 * carries an Origin the worker's precache fetch did not: every file would go to the network, and
 * fail offline. Workbox's route never looked at it (it matches a URL string), and a precached file
 * is one version whoever asks. Refused answers are not cached, as Workbox's default plugin does.
 */
export const precacheWithoutVary: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status >= 400) return null;
    if (!response.headers.has('Vary')) return response;
    return copyResponse(response, (init) => {
      const headers = new Headers(init.headers);
      headers.delete('Vary');
      return { ...init, headers };
    });
  },
};

/**
 * Call before precacheAndRoute. The precache gets a name of its own: copies an earlier version
 * kept with `Vary` would miss the browser's look-up, so this version fills a new cache once (the
 * old one is removed on activation by cleanupOutdatedCaches, as any outdated precache).
 */
export function registerStaticRoutes(scope: ServiceWorkerGlobalScope): void {
  setCacheNameDetails({ precache: shellCaches.precache });
  addPlugins([precacheWithoutVary]);
  scope.addEventListener('install', (event) => {
    const install = event as InstallEventWithRoutes;
    if (typeof install.addRoutes !== 'function') return;
    // A refused rule set (an older implementation's narrower syntax) leaves the fetch listeners in charge.
    event.waitUntil(install.addRoutes([precachedAssetsRule(), ...preparedReadsRules()]).catch((error: unknown) => console.warn('Static routes not added', error)));
  });
}
