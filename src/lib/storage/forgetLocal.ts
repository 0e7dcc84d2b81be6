import { entryFor, goesAt, inventory, type Ending } from '../../core/inventory/inventory';
import { storagePrefix, type StorageKey } from './keys';
import { clearTab, localKeys, removeLocal } from './localStore';

/**
 * The page's part of forgetting a member (the stores are `core/inventory/forgetStored`'s): every
 * local-storage key under the product prefix that the inventory says goes at `ending`, a remote's
 * keys included (an unlisted key under the prefix counts as the member's), and this tab's session
 * storage but what the inventory keeps (the return URL).
 */
export function forgetLocal(ending: Ending): void {
  forgetLocalKeys(ending);
  clearTab(inventory.filter((entry) => entry.area === 'sessionStorage' && entry.match === 'exact' && !goesAt(entry, ending)).map((entry) => entry.name as StorageKey));
}

/**
 * A page start with no stored session: whatever a session's end left in local storage goes now.
 * A session the service worker ended with no tab open could reach only IndexedDB and Cache Storage.
 * This tab's session storage is left alone (a single sign-on on its way back keeps its request there).
 */
export function forgetLocalAtSignedOutStart(): void {
  forgetLocalKeys('forced');
}

/** A switch of tenant, organisation group or role: the old scope's keys (a business screen's among them) go; the tab's stay. */
export function forgetLocalAtSwitch(): void {
  forgetLocalKeys('switch');
}

function forgetLocalKeys(ending: Ending): void {
  for (const key of localKeys()) {
    if (!key.startsWith(storagePrefix)) continue;
    const entry = entryFor('localStorage', key);
    if (entry && goesAt(entry, ending)) removeLocal(key as StorageKey);
  }
}
