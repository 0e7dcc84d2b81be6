import { cacheNames, databases } from '../protocol';
import { deleteKv, deleteKvPrefixed } from '../../session/core/sessionDb';
import { clearApiCaches } from '../../pipeline/core/apiCache';
import { clearStore } from '../orgTree/orgTreeStore';
import { clearBrands } from '../branding/brandDb';
import { goingAt, type Ending } from './inventory';

/**
 * The one way a member's stored data is forgotten, in whichever context the session ends: the page
 * (sign-out, a refused refresh, a switch) and the service worker (a Background Sync replay that
 * finds the refresh token refused, with no tab open). What goes is what the inventory says goes at
 * `ending`, in IndexedDB and Cache Storage. Local and session storage are the page's
 * (`lib/storage/forgetLocal`): the worker has neither, and the next page start clears them.
 */

const kvPrefix = `${databases.session.name}/${databases.session.stores.kv}/`;

export async function forgetStored(ending: Ending): Promise<void> {
  const stores = goingAt('indexedDB', ending);
  const kv = stores.filter((entry) => entry.name.startsWith(kvPrefix));
  const key = (name: string) => name.slice(kvPrefix.length);
  // A database whose stores the inventory has go at this ending (they go whole: every scope's records).
  const goes = (spec: { name: string; stores: Record<string, string> }) => Object.values(spec.stores).some((store) => stores.some((entry) => entry.name === `${spec.name}/${store}`));
  const apiCachesGo = goingAt('cacheStorage', ending).some((entry) => entry.name === cacheNames.apiPrefix);
  await Promise.all([
    ...kv.filter((entry) => entry.match === 'exact').map((entry) => deleteKv(key(entry.name))),
    deleteKvPrefixed(kv.filter((entry) => entry.match === 'prefix').map((entry) => key(entry.name))),
    // The organisation tree's and the brands' databases, through their owners' openers.
    goes(databases.orgTree) ? clearStore() : undefined,
    goes(databases.brand) ? clearBrands() : undefined,
    // Every API answer bucket (a bucket per scope).
    apiCachesGo ? clearApiCaches() : undefined,
  ]);
}
