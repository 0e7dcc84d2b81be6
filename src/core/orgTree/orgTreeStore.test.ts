import { describe, expect, it, vi } from 'vitest';
import { loadCurrent, saveCurrent } from './orgTreeStore';

describe('organisation-tree store', () => {
  it('opens IndexedDB again after a failed open: one blocked moment does not cost the offline copy for good', async () => {
    const real = indexedDB.open.bind(indexedDB);
    // A database at a newer version: opening it at version 1 fails the way a blocked or broken open
    // does, with the request's error event rather than at once.
    await new Promise((resolve) => Object.assign(real('newer', 2), { onsuccess: resolve }));
    const open = vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => real('newer', 1));
    await saveCurrent('u:t|root', 'org-1');
    expect(await loadCurrent('u:t|root')).toBeNull();
    open.mockImplementation(real);
    await saveCurrent('u:t|root', 'org-2');
    expect(await loadCurrent('u:t|root')).toBe('org-2');
    open.mockRestore();
  });
});
