import { storageKeys } from '../lib/storage/keys';
import { readTab, writeTab } from '../lib/storage/localStore';
import { whenOnlineSettled } from '../pipeline/page/onlineSettled';

/**
 * Without a service worker (or before it controls the page) a deploy removes the old version's
 * lazy chunks: the failed import reloads the page once into the new version instead of breaking.
 */
export function reloadOnStaleChunks(): void {
  let reloading = false;
  window.addEventListener('vite:preloadError', (event) => {
    // Offline the chunk is simply unreachable: a reload would only show the browser's offline page.
    if (!navigator.onLine) return;
    if (reloading) {
      event.preventDefault();
      return;
    }
    if (readTab(storageKeys.chunkReload) === location.pathname) return; // tried once: show the error
    event.preventDefault();
    writeTab(storageKeys.chunkReload, location.pathname);
    reloading = true;
    // Not into a flapping network: without a service worker that is a blank page.
    whenOnlineSettled(() => location.reload());
  });
}
