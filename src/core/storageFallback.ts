/**
 * Whether this context had to keep something in memory because the browser refused to store it
 * (IndexedDB unavailable or blocked, a storage quota reached). The session store and local storage
 * both report here; the page tells the member once (lib/storage/storageHealth).
 */
let fellBack = false;
const listeners = new Set<() => void>();

export function reportStorageFallback(): void {
  if (fellBack) return;
  fellBack = true;
  listeners.forEach((listener) => listener());
}

/** Told once when a store first falls back to memory (at once if one already has). */
export function onStorageFallback(listener: () => void): () => void {
  if (fellBack) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
