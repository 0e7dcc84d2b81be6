import { storageKeys } from '../lib/storage/keys';
import { readTab, writeTab } from '../lib/storage/localStore';

/** How long the browser must stay online before the page reloads for a missing chunk. */
const onlineSettleMs = 1_000;

/**
 * Reloads once the network has stayed on for a moment: a reload into a flapping network would
 * land on the browser's offline page (no entry script), which no shell code can mend.
 */
function reloadWhenSettled(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    if (navigator.onLine) timer = setTimeout(() => navigator.onLine && location.reload(), onlineSettleMs);
  };
  window.addEventListener('online', arm);
  window.addEventListener('offline', () => clearTimeout(timer));
  arm();
}

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
    reloadWhenSettled();
  });
}
