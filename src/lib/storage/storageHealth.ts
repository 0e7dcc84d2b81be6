import { onStorageFallback } from '../../core/storageFallback';
import { appStore, atom } from '../../state/jotai';

/**
 * True once the browser refused to keep something (IndexedDB unavailable or blocked, a storage
 * quota reached): the shell then keeps it in this tab's memory only, and the member is told so.
 */
export const storageInMemoryAtom = atom(false);

let watching = false;

/** Called once at start-up, before anything is stored. */
export function watchStorageHealth(): void {
  if (watching) return;
  watching = true;
  onStorageFallback(() => appStore.set(storageInMemoryAtom, true));
}
