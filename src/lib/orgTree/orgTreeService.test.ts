// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/jotai';
import { currentOrganisationAtom, orgTreeNodeCountAtom, orgTreeStatusAtom } from './orgTreeAtoms';
import { clearOrgTree, loadGlobalStateInWorker, orgTreeMark, orgTreeSettled, restoreStoredOrgTree, showKeptOrgTree } from './orgTreeService';
import { orgTreeEngine } from './orgTreeClient';
import { chooseOrganisation } from './chooseOrganisation';
import { registerNotifier, type Notice } from '../notify';
import { storeSessionOf } from '../../session/core/storedScope.testSupport';

const apiFetch = vi.hoisted(() => vi.fn<(path: string) => Promise<Response>>());
vi.mock('../../pipeline/page/apiFetch', () => ({ apiFetch }));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const tree = [{ Id: id(1), Name: 'Root', ParentId: null, Children: [{ Id: id(2), Name: 'Child', ParentId: id(1), Children: [], Position: 0 }], Position: 0 }];
/** The tree is kept under the stored session's scope only: this member's. */
const scopeKey = await storeSessionOf({ guid: 'service', tenantGuid: 'test', orgGroupGuid: 'group', role: 'Site Admin' });
const options = { scopeKey, rootOrgId: id(1), controlled: false };
const initPath = '/api/global-state/v1/init';
const invitedPath = '/api/access/v1/users/current/organizations';

/** Answers init with `init` and users/current/organizations with `invited` (the inline engine fetches through apiFetch). */
function answer(init: () => Promise<Response>, invited: () => Promise<Response> = () => Promise.reject(new Error('not asked'))) {
  apiFetch.mockImplementation((path) => (path === initPath ? init() : path === invitedPath ? invited() : Promise.reject(new Error(path))));
}
const json = (value: unknown) => () => Promise.resolve(Response.json(value));
async function load(init: () => Promise<Response>, invited?: () => Promise<Response>) {
  answer(init, invited);
  return loadGlobalStateInWorker(options);
}
const state = () => appStore.get(orgTreeStatusAtom);

beforeEach(async () => {
  await clearOrgTree();
  apiFetch.mockReset();
});

describe('orgTreeService (inline engine: no Worker under happy-dom)', () => {
  it('with Login: returns the state without organizations and publishes the tree', async () => {
    const loaded = await load(json({ permissions: { Login: true }, user: { id: 'u' }, organizations: tree }));
    expect(loaded).toEqual({ status: 200, rest: { permissions: { Login: true }, user: { id: 'u' } } });
    expect(state()).toBe('ready');
    expect(appStore.get(orgTreeNodeCountAtom)).toBe(2);
    expect(appStore.get(currentOrganisationAtom)).toEqual({ Id: id(1), Name: 'Root' });
    expect(apiFetch.mock.calls).toEqual([[initPath]]);
    // When the tree is in, for the bench and the browser tests.
    expect((performance.getEntriesByName(orgTreeMark).at(-1) as PerformanceMark | undefined)?.detail).toEqual({ status: 'ready', count: 2 });
  });

  it('without Login: loads users/current/organizations and publishes its first organisation', async () => {
    await load(json({ permissions: {}, organizations: [] }), json([{ id: id(5), name: 'Invited' }, { id: id(6), name: 'Other' }]));
    await orgTreeSettled();
    expect(apiFetch).toHaveBeenCalledWith(invitedPath);
    expect(state()).toBe('ready');
    expect(appStore.get(orgTreeNodeCountAtom)).toBe(1);
    expect(appStore.get(currentOrganisationAtom)).toEqual({ Id: id(5), Name: 'Invited' });
  });

  it.each([
    ['a 500', () => Promise.resolve(new Response('{}', { status: 500 }))],
    ['a network error', () => Promise.reject(new TypeError('offline'))],
    ['an answer off the contract', () => Promise.resolve(Response.json({ id: id(5) }))],
  ])('without Login: %s gives the empty tree', async (_label, invited) => {
    await load(json({ permissions: {}, organizations: [] }), invited);
    await orgTreeSettled();
    expect(state()).toBe('failed');
    expect(appStore.get(currentOrganisationAtom)).toBeNull();
  });

  it('a body that is not JSON: status 200, no state, the tree failed', async () => {
    expect(await load(() => Promise.resolve(new Response('{nope', { status: 200 })))).toEqual({ status: 200, rest: null });
    expect(state()).toBe('failed');
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('offline')), 0],
    ['a 503', () => Promise.resolve(new Response('', { status: 503 })), 503],
  ])('%s is told apart by its status and leaves the tree as it is', async (_label, init, status) => {
    expect(await load(init)).toEqual({ status, rest: null });
    expect(state()).toBe('loading');
    await load(json({ permissions: { Login: true }, organizations: tree }));
    expect(await load(init)).toEqual({ status, rest: null });
    expect(state()).toBe('ready');
    expect(appStore.get(orgTreeNodeCountAtom)).toBe(2);
  });

  it('a refused init ends the wait with no tree, but keeps a tree already shown (a recovery reload)', async () => {
    const refused = () => Promise.resolve(new Response('{}', { status: 500 }));
    expect(await load(refused)).toEqual({ status: 500, rest: null });
    expect(state()).toBe('failed');
    await load(json({ permissions: { Login: true }, organizations: tree }));
    await load(refused);
    expect(state()).toBe('ready');
  });

  describe('warm start: the kept tree while init is on its way', () => {
    /** The last visit kept a tree; this start has published none yet. */
    async function lastVisit() {
      await load(json({ permissions: { Login: true }, organizations: tree }));
      await (await orgTreeEngine()).flush();
      appStore.set(orgTreeStatusAtom, 'loading');
      appStore.set(currentOrganisationAtom, null);
    }
    const renamed = [{ ...tree[0]!, Name: 'Root renamed', Children: [] }];

    it('names the member’s organisation before init answers', async () => {
      await lastVisit();
      await showKeptOrgTree(scopeKey);
      expect(state()).toBe('ready');
      expect(appStore.get(currentOrganisationAtom)).toEqual({ Id: id(1), Name: 'Root' });
      await load(json({ permissions: { Login: true }, organizations: renamed }));
      expect(appStore.get(currentOrganisationAtom)).toEqual({ Id: id(1), Name: 'Root renamed' });
    });

    it('an init answer that came first stays', async () => {
      await lastVisit();
      await load(json({ permissions: { Login: true }, organizations: renamed }));
      await showKeptOrgTree(scopeKey);
      expect(appStore.get(currentOrganisationAtom)).toEqual({ Id: id(1), Name: 'Root renamed' });
      expect(appStore.get(orgTreeNodeCountAtom)).toBe(1);
    });

    it('nothing read before a sign-out is shown after it', async () => {
      await lastVisit();
      const shown = showKeptOrgTree(scopeKey);
      await clearOrgTree();
      await shown;
      expect(state()).toBe('loading');
      expect(appStore.get(currentOrganisationAtom)).toBeNull();
    });
  });

  it('restores the kept tree for an offline start, and nothing after sign-out', async () => {
    await load(json({ permissions: { Login: true }, organizations: tree }));
    await (await orgTreeEngine()).flush();
    expect(await restoreStoredOrgTree(scopeKey)).toBe(true);
    expect(appStore.get(orgTreeNodeCountAtom)).toBe(2);
    await clearOrgTree();
    expect(await restoreStoredOrgTree(scopeKey)).toBe(false);
    expect(state()).toBe('failed');
  });

  it('choosing an organisation: success changes the current one; a refused switch toasts and changes nothing', async () => {
    await load(json({ permissions: { Login: true }, organizations: tree }));
    const notices: Notice[] = [];
    const unregister = registerNotifier((notice) => notices.push(notice));
    const switcher = vi.fn().mockResolvedValueOnce('same-scope').mockResolvedValueOnce('refused');
    expect(await chooseOrganisation(id(2), switcher)).toBe('same-scope');
    expect(switcher).toHaveBeenCalledWith({ organization_id: id(2) });
    expect(appStore.get(currentOrganisationAtom)?.Name).toBe('Child');
    expect(await chooseOrganisation(id(1), switcher)).toBe('refused');
    expect(appStore.get(currentOrganisationAtom)?.Name).toBe('Child');
    expect(notices.map((n) => [n.titleKey, n.type])).toContainEqual(['SwitchFailed', 'error']);
    unregister();
  });
});
