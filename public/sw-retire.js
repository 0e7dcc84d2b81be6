/*
 * The kill switch (issue 7 item 5): deploy this file as /sw.js to retire a broken service worker in
 * one deploy (`npm run retire-sw -- dist`). Browsers fetch /sw.js past the HTTP cache when they
 * check for updates, so every installed shell picks this up at its next check or navigation. It
 * tells every open shell that its build's worker is retired (they do not register it again), takes
 * over at once, deletes the shell's caches and unregisters itself. It has no fetch handler, so from
 * that moment every request of an open page goes straight to the network; the shell's pages reload
 * themselves when their worker changes (pwa/appUpdate), which leaves them with no worker at all.
 * The next deploy (a new build) registers its service worker again. (Windows are not navigated from here: a window client's URL is the one it was
 * created with, not where the single-page app has since moved.) IndexedDB (the session, the outbox
 * of unsent writes) is left alone, so nothing the member saved is lost.
 */
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // First tell every open shell that its build's worker is retired, so that the reload that
      // follows does not register this file again (pwa/registerServiceWorker).
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: 'trust-shell:sw-retired' });
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
      await self.registration.unregister();
    })(),
  );
});
