/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { parseTabCommand } from '../src/core/pwa/workerMessages';
import { registerApiRoutes } from '../src/pipeline/worker/apiRoutes';
import { registerManifestRoute } from './manifestRoute';
import { registerNavigationRoute } from '../src/firstPaint/worker/server';
import { registerOutboxRoutes } from '../src/outbox/worker/replayRoutes';
import { registerStaticRoutes } from './staticRoutes';
import { cacheNames, workerMessages } from '../src/core/protocol';
import * as dpop from '../src/session/core/dpop';
import { provideDpop } from '../src/session/core/dpopProvider';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// DPoP proofs are signed here, by the session's key (a service worker cannot import code on demand).
provideDpop(() => Promise.resolve(dpop));

// Platform calls first (bearer, tenant prefix, Accept-Language, cache headers, 401 → refresh →
// retry): this listener answers them before Workbox's router sees the event.
registerApiRoutes(self);
// The tenant-branded manifest (the page links it once the brand is known).
registerManifestRoute(self);
// Queued writes: replayed here when a tab asks or Background Sync says the network is back.
registerOutboxRoutes(self);

// The built shell's hashed files go from the precache to the page without this worker.
registerStaticRoutes(self);

// Precache the built shell; old precaches of earlier versions are removed on activation.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links of the shell's routes load the shell offline; platform paths and other applications' reach the server. A returning member's
// page comes with the kept top bar in it.
registerNavigationRoute(self);

// The runtime configuration: fresh when online, the last copy offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: cacheNames.config, networkTimeoutSeconds: 3 }),
);

// Updates: this worker, once installed over an older one, waits until a tab
// passes on the member's consent, or until no window is in view (a tab with nothing unsaved asks).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = parseTabCommand(event.data);
  if (type === workerMessages.skipWaiting) void self.skipWaiting();
  if (type === workerMessages.skipWaitingIfUnseen) event.waitUntil(skipWaitingIfUnseen());
});

async function skipWaitingIfUnseen(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.every((client) => client.visibilityState === 'hidden')) await self.skipWaiting();
}

// The first install takes control at once, so the first visit is already offline-capable.
clientsClaim();
