import { describe, expect, it } from 'vitest';
import { deleteKv, sessionKeys } from '../../session/core/sessionDb';
import { storeSessionOf } from '../../session/core/storedScope.testSupport';
import { currentKey, loadCurrent, loadTree, saveCurrent, saveTree } from './orgTreeStore';
import { buildOrgTree, toStored, type StoredOrgTree } from './orgTreeBuild';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const tree: StoredOrgTree = toStored(buildOrgTree([{ Id: id(1), Name: 'Group one’s root', ParentId: null, Children: [], Position: 0 }])!);
const groupOne = { guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Site Admin' };

describe('the organisation tree is kept only under the scope stored when it is written', () => {
  it('a tree or a chosen organisation of a scope no longer stored (a late answer, another tab, after a switch) is not kept', async () => {
    const oldKey = await storeSessionOf(groupOne);
    // The switch: the new group's token is stored (and the old scope's copies forgotten).
    await storeSessionOf({ ...groupOne, orgGroupGuid: 'g2' });
    await saveTree(oldKey, { rootOrgId: id(1), tree });
    await saveCurrent(oldKey, id(1), id(1));
    expect(await loadTree(oldKey)).toBeNull();
    expect(await loadCurrent(currentKey(oldKey, id(1)))).toBeNull();
  });

  it('nor one of the old role after a role switch', async () => {
    const oldKey = await storeSessionOf(groupOne);
    await storeSessionOf({ ...groupOne, role: 'Auditor' });
    await saveTree(oldKey, { rootOrgId: id(1), tree });
    expect(await loadTree(oldKey)).toBeNull();
  });

  it('nor anything after a sign-out', async () => {
    const key = await storeSessionOf(groupOne);
    await deleteKv(sessionKeys.accessToken);
    await saveTree(key, { rootOrgId: id(1), tree });
    expect(await loadTree(key)).toBeNull();
  });

  it('the stored scope’s own tree and choice are kept', async () => {
    const key = await storeSessionOf({ ...groupOne, orgGroupGuid: 'g3' });
    await saveTree(key, { rootOrgId: id(1), tree });
    await saveCurrent(key, id(1), id(1));
    expect((await loadTree(key))?.tree.ids).toEqual([id(1)]);
    expect(await loadCurrent(currentKey(key, id(1)))).toBe(id(1));
  });
});
