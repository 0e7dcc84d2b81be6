import type { DBSchema } from 'idb';
import { idbOpener } from '../idbOpener';
import { isStoredOrgTree, type StoredOrgTree } from './orgTreeBuild';
import { databases } from '../protocol';
import { keepForScope } from '../../session/core/sessionScope';

/**
 * The last good tree per scope key (member, tenant, organisation group, role: offline start) and
 * the member's chosen current organisation per scope and root. Its own database, written from the
 * worker (or the page in the inline fall-back), and only under the stored session's scope
 * (`keepForScope`); sign-out and a switch empty it.
 */
export interface StoredTreeRecord {
  rootOrgId: string | null;
  tree: StoredOrgTree;
}

interface OrgTreeDb extends DBSchema {
  trees: { key: string; value: StoredTreeRecord };
  current: { key: string; value: string };
}

export const orgTreeDbName = databases.orgTree.name;
const db = idbOpener<OrgTreeDb>(orgTreeDbName, databases.orgTree.version, (database) => {
  database.createObjectStore(databases.orgTree.stores.trees);
  database.createObjectStore(databases.orgTree.stores.current);
});

/** The current organisation's key: the scope plus the organisation group's root. */
export const currentKey = (scopeKey: string, rootOrgId: string | null): string => `${scopeKey}|${rootOrgId ?? ''}`;

// Storage failures (blocked IndexedDB, quota) only cost the offline copy: never thrown.
export async function saveTree(scopeKey: string, record: StoredTreeRecord): Promise<void> {
  try {
    await keepForScope(
      scopeKey,
      async () => void (await (await db()).put('trees', record, scopeKey)),
      async () => (await db()).delete('trees', scopeKey),
    );
  } catch {
    // no offline copy this time
  }
}

export async function loadTree(scopeKey: string): Promise<StoredTreeRecord | null> {
  try {
    const record = await (await db()).get('trees', scopeKey);
    if (!record || !isStoredOrgTree(record.tree)) return null;
    return { rootOrgId: typeof record.rootOrgId === 'string' ? record.rootOrgId : null, tree: record.tree };
  } catch {
    return null;
  }
}

export async function saveCurrent(scopeKey: string, rootOrgId: string | null, id: string): Promise<void> {
  const key = currentKey(scopeKey, rootOrgId);
  try {
    await keepForScope(
      scopeKey,
      async () => void (await (await db()).put('current', id, key)),
      async () => (await db()).delete('current', key),
    );
  } catch {
    // the choice holds for this page only
  }
}

export async function loadCurrent(key: string): Promise<string | null> {
  try {
    const value = await (await db()).get('current', key);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

export async function clearStore(): Promise<void> {
  try {
    const database = await db();
    await Promise.all([database.clear('trees'), database.clear('current')]);
  } catch {
    // nothing stored
  }
}
