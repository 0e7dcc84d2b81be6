import { describe, expect, it } from 'vitest';
import { deleteKv, sessionKeys } from './sessionDb';
import { isStoredScope, keepForScope } from './sessionScope';
import { storeSessionOf } from './storedScope.testSupport';

const member = { guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Site Admin' };

/** A kept copy as a store writes it: `kept` holds what is on the device. */
function copyStore() {
  const kept = new Set<string>();
  return {
    kept,
    keep: (scopeKey: string, during: () => Promise<unknown> = () => Promise.resolve()) =>
      keepForScope(
        scopeKey,
        async () => {
          kept.add(scopeKey);
          await during();
        },
        () => Promise.resolve(void kept.delete(scopeKey)),
      ),
  };
}

describe('keepForScope: a copy is kept only under the scope of the session stored when it is written', () => {
  it('keeps the stored scope’s copy', async () => {
    const key = await storeSessionOf(member);
    const store = copyStore();
    expect(await store.keep(key)).toBe(true);
    expect([...store.kept]).toEqual([key]);
  });

  it.each([
    ['another tenant', { ...member, tenantGuid: 't2' }],
    ['another organisation group', { ...member, orgGroupGuid: 'g2' }],
    ['another role', { ...member, role: 'Auditor' }],
    ['another member', { ...member, guid: 'u2' }],
  ])('writes nothing when %s is stored', async (_name, stored) => {
    const key = await storeSessionOf(member);
    await storeSessionOf(stored);
    const store = copyStore();
    expect(await store.keep(key)).toBe(false);
    expect(store.kept.size).toBe(0);
  });

  it('writes nothing after a sign-out', async () => {
    const key = await storeSessionOf(member);
    await deleteKv(sessionKeys.accessToken);
    const store = copyStore();
    expect(await store.keep(key)).toBe(false);
    expect(await isStoredScope(key)).toBe(false);
  });

  it('undoes a write a switch overtook (its forgetting may have run before the write landed)', async () => {
    const key = await storeSessionOf(member);
    const store = copyStore();
    expect(await store.keep(key, () => storeSessionOf({ ...member, role: 'Auditor' }))).toBe(false);
    expect(store.kept.size).toBe(0);
  });
});
