/**
 * A route failed to load or render. A lazy page whose file could not be fetched (the network went
 * away while the shell started, with no service worker to serve it) is not the member's fault and
 * mends itself: the page reloads when the browser is back online. Other errors offer Reload only.
 */
const chunkLoadMessages = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's preload helper
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return chunkLoadMessages.some((m) => message.includes(m));
}

/** A tab reloads by itself at most once in this window, so a file that stays missing cannot loop. */
export const selfReloadWindowMs = 10_000;

export function maySelfReload(lastReloadMs: number | null, nowMs: number): boolean {
  return lastReloadMs === null || !Number.isFinite(lastReloadMs) || nowMs - lastReloadMs >= selfReloadWindowMs || lastReloadMs > nowMs;
}
