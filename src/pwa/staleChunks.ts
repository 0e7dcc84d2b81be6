import { storageKeys } from '../lib/storage/keys';
import { readTab, writeTab } from '../lib/storage/localStore';

/**
 * Without a service worker (or before it controls the page) a deploy removes the old version's
 * lazy chunks: the failed import reloads the page once into the new version instead of breaking.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Offline the chunk is simply unreachable: a reload would only show the browser's offline page.
    if (!navigator.onLine) return;
    if (readTab(storageKeys.chunkReload) === location.pathname) return; // tried once: show the error
    event.preventDefault();
    writeTab(storageKeys.chunkReload, location.pathname);
    location.reload();
  });
}
