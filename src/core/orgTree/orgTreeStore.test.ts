import { describe, expect, it, vi } from 'vitest';
import { currentKey, loadCurrent, saveCurrent } from './orgTreeStore';
import { storeSessionOf } from '../../session/core/storedScope.testSupport';

describe('organisation-tree store', () => {
  it('opens IndexedDB again after a failed open: one blocked moment does not cost the offline copy for good', async () => {
    const scopeKey = await storeSessionOf({ guid: 'u', tenantGuid: 't', orgGroupGuid: 'g', role: 'r' });
    const real = indexedDB.open.bind(indexedDB);
    // A database at a newer version: opening it at version 1 fails the way a blocked or broken open
    // does, with the request's error event rather than at once.
    await new Promise((resolve) => Object.assign(real('newer', 2), { onsuccess: resolve }));
    // The session's database is already open (the session was stored): the tree's open is the one that fails.
    const open = vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => real('newer', 1));
    await saveCurrent(scopeKey, 'root', 'org-1');
    expect(await loadCurrent(currentKey(scopeKey, 'root'))).toBeNull();
    open.mockImplementation(real);
    await saveCurrent(scopeKey, 'root', 'org-2');
    expect(await loadCurrent(currentKey(scopeKey, 'root'))).toBe('org-2');
    open.mockRestore();
  });
});
