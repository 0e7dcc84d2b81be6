import type { DBSchema } from 'idb';
import { idbOpener } from '../idbOpener';
import { databases } from '../protocol';
import { deleteKv, deleteKvPrefixed } from '../session/sessionDb';
import { clearApiCaches } from '../pipeline/apiCache';
import { goingAt, type Ending } from './inventory';

/**
 * The one way a member's stored data is forgotten, in whichever context the session ends: the page
 * (sign-out, a refused refresh) and the service worker (a Background Sync replay that finds the
 * refresh token refused, with no tab open). What goes is what the inventory says goes at `ending`,
 * in IndexedDB and Cache Storage. Local and session storage are the page's
 * (`lib/storage/forgetLocal`): the worker has neither, and the next page start clears them.
 */

const kvPrefix = `${databases.session.name}/${databases.session.stores.kv}/`;

type PlainStore = (typeof databases.orgTree.stores)[keyof typeof databases.orgTree.stores] | typeof databases.brand.stores.brands;
type PlainStores = DBSchema & Record<PlainStore, { key: string; value: unknown }>;

/**
 * The databases whose stores are kept whole per member and tenant (plain stores, no key path,
 * created as their owners create them: core/orgTree/orgTreeStore, lib/branding/brandStore).
 * The outbox is not here: only the member's own writes go, at an explicit sign-out
 * (lib/session/signedInForget).
 */
const plainDatabases = [databases.orgTree, databases.brand].map((spec) => ({
  spec,
  open: idbOpener<PlainStores>(spec.name, spec.version, (database) => {
    for (const store of Object.values(spec.stores)) database.createObjectStore(store);
  }),
}));

export async function forgetStored(ending: Ending): Promise<void> {
  const stores = goingAt('indexedDB', ending);
  const kv = stores.filter((entry) => entry.name.startsWith(kvPrefix));
  const key = (name: string) => name.slice(kvPrefix.length);
  await Promise.all([
    ...kv.filter((entry) => entry.match === 'exact').map((entry) => deleteKv(key(entry.name))),
    deleteKvPrefixed(kv.filter((entry) => entry.match === 'prefix').map((entry) => key(entry.name))),
    ...plainDatabases.map(async ({ spec, open }) => {
      const going = Object.values(spec.stores).filter((store) => stores.some((entry) => entry.name === `${spec.name}/${store}`));
      if (going.length === 0) return;
      try {
        const database = await open();
        await Promise.all(going.map((store) => database.clear(store)));
      } catch {
        // nothing stored, or nothing that can be reached
      }
    }),
    // Every API answer bucket is a member's (inventory: cacheStorage, `session`).
    clearApiCaches(),
  ]);
}
