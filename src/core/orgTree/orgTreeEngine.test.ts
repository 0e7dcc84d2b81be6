// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrgTreeEngine } from './orgTreeEngine';
import type { PlatformFetch } from './initRequest';
import { storeSessionOf } from '../../session/core/storedScope.testSupport';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const node = (n: number, name: string, position: number, children: unknown[] = [], parent: number | null = null) => ({
  Id: id(n),
  Name: name,
  ParentId: parent === null ? null : id(parent),
  Children: children,
  Position: position,
});

// Root (1) ─ Europe (2) ─ Germany (4) ─ Berlin (5)
//          └ Americas (3)
const organizations = [
  node(1, 'Root', 0, [node(3, 'Americas', 1, [], 1), node(2, 'Europe', 0, [node(4, 'Germany', 0, [node(5, 'Berlin', 0, [], 4)], 2)], 1)]),
];
const rest = { languages: [{ Code: 'en-us' }], permissions: { Login: true }, user: { id: 'u' } };
const bytes = (value: unknown): ArrayBuffer => new TextEncoder().encode(JSON.stringify(value)).buffer;
/** The tree is kept under the stored session's scope only: this member's. */
const scopeKey = await storeSessionOf({ guid: 'user', tenantGuid: 'tenant', orgGroupGuid: 'group', role: 'Site Admin' });
const options = { scopeKey, rootOrgId: id(1) };

const engines: OrgTreeEngine[] = [];
function engine(platformFetch?: PlatformFetch): OrgTreeEngine {
  const e = new OrgTreeEngine(platformFetch);
  engines.push(e);
  return e;
}
afterEach(async () => {
  for (const e of engines.splice(0)) await e.clear();
});

describe('OrgTreeEngine', () => {
  it('returns the state without organizations and builds the tree with Login', async () => {
    const e = engine();
    const result = await e.ingest(bytes({ ...rest, organizations }), options);
    expect(result.state).toEqual(rest);
    expect(result.needsInvited).toBe(false);
    expect(result.summary).toMatchObject({ status: 'ready', count: 5, current: { Id: id(1), Name: 'Root' } });
  });

  it('asks for the invited organisation without Login and builds its single node', async () => {
    const e = engine();
    const result = await e.ingest(bytes({ ...rest, permissions: { AutoRefreshToken: true }, organizations: [] }), options);
    expect(result).toMatchObject({ needsInvited: true, summary: null });
    const summary = await e.useInvited([{ id: id(9), name: 'Invited Org' }, { id: id(10), name: 'Second' }], options);
    expect(summary).toMatchObject({ status: 'ready', count: 1, current: { Id: id(9), Name: 'Invited Org' } });
    await e.openView('full');
    expect(await e.rows(0, 10)).toEqual([{ index: 0, id: id(9), name: 'Invited Org', level: 1, hasChildren: false, expanded: false, posInSet: 1, setSize: 1 }]);
  });

  it('falls back to an empty tree when the invited call failed or the tree is off the contract', async () => {
    const e = engine();
    expect(await e.useInvited(null, options)).toMatchObject({ status: 'failed', count: 0, current: null });
    const result = await e.ingest(bytes({ ...rest, organizations: [{ Id: 'bad' }] }), options);
    expect(result.state).toEqual(rest);
    expect(result.summary).toMatchObject({ status: 'failed', count: 0 });
  });

  it('throws when the bytes are not JSON', async () => {
    await expect(engine().ingest(new TextEncoder().encode('{nope').buffer, options)).rejects.toThrow();
  });

  it('shows the full tree with the way to the current organisation open, and expands and collapses', async () => {
    const e = engine();
    await e.ingest(bytes({ ...rest, organizations }), options);
    expect(await e.openView('full')).toEqual({ count: 3, index: 0 });
    expect((await e.rows(0, 10)).map((r) => [r.name, r.level, r.expanded, r.posInSet, r.setSize])).toEqual([
      ['Root', 1, true, 1, 1],
      ['Europe', 2, false, 1, 2],
      ['Americas', 2, false, 2, 2],
    ]);
    expect(await e.setExpanded(id(2), true)).toEqual({ count: 4, index: 1 });
    expect((await e.rows(1, 2)).map((r) => r.name)).toEqual(['Europe', 'Germany']);
    expect(await e.setExpanded(id(1), false)).toEqual({ count: 1, index: 0 });
  });

  it('remembers the chosen organisation per scope and organisation group, and the current view follows it', async () => {
    const e = engine();
    await e.ingest(bytes({ ...rest, organizations }), options);
    expect((await e.setCurrent(id(4))).current).toEqual({ Id: id(4), Name: 'Germany' });
    expect(await e.openView('full')).toEqual({ count: 4, index: 2 });
    expect(await e.openView('current')).toEqual({ count: 2, index: 0 });
    expect((await e.rows(0, 5)).map((r) => [r.name, r.level])).toEqual([
      ['Germany', 1],
      ['Berlin', 2],
    ]);
    const again = engine();
    const summary = await again.ingest(bytes({ ...rest, organizations }), options);
    expect(summary.summary?.current?.Name).toBe('Germany');
    const otherGroup = await again.ingest(bytes({ ...rest, organizations }), { ...options, rootOrgId: id(2) });
    expect(otherGroup.summary?.current?.Name).toBe('Europe');
  });

  it('ignores an unknown organisation as the current one', async () => {
    const e = engine();
    await e.ingest(bytes({ ...rest, organizations }), options);
    expect((await e.setCurrent(id(77))).current?.Name).toBe('Root');
  });

  it('searches AllOrgTree case-insensitively with paths and a limit', async () => {
    const e = engine();
    await e.ingest(bytes({ ...rest, organizations }), options);
    expect(await e.search('ER', 10)).toEqual({
      total: 3,
      hits: [
        { id: id(4), name: 'Germany', path: ['Root', 'Europe'] },
        { id: id(5), name: 'Berlin', path: ['Root', 'Europe', 'Germany'] },
        { id: id(3), name: 'Americas', path: ['Root'] },
      ],
    });
    expect((await e.search('er', 1)).hits).toHaveLength(1);
    expect(await e.search('   ', 10)).toEqual({ total: 0, hits: [] });
  });

  it('keeps the tree for an offline start and forgets everything on clear', async () => {
    const e = engine();
    await e.ingest(bytes({ ...rest, organizations }), options);
    await e.setCurrent(id(3));
    await e.flush();
    const offline = engine();
    expect(await offline.restore(scopeKey)).toMatchObject({ status: 'ready', count: 5, current: { Name: 'Americas' } });
    expect(await offline.restore('other:tenant')).toBeNull();
    await offline.clear();
    expect(await engine().restore(scopeKey)).toBeNull();
  });

  it('a warm start’s restore never replaces a tree loaded while the kept one was read', async () => {
    const e = engine();
    await e.ingest(bytes({ ...rest, organizations }), options);
    await e.flush();
    const warm = engine();
    const restoring = warm.restore(scopeKey, { unlessLoaded: true });
    const fresh = await warm.ingest(bytes({ ...rest, organizations: [node(1, 'Root', 0)] }), options);
    expect(await restoring).toBeNull();
    expect(fresh.summary).toMatchObject({ count: 1 });
    expect((await warm.search('Root', 10)).total).toBe(1);
    expect((await warm.search('Berlin', 10)).total).toBe(0);
    // An offline start (no load on its way) restores as before, once the fresh tree is kept.
    await warm.flush();
    expect(await engine().restore(scopeKey, { unlessLoaded: true })).toMatchObject({ count: 1 });
  });

  it('does not overwrite the kept tree with a failed load', async () => {
    const e = engine();
    await e.ingest(bytes({ ...rest, organizations }), options);
    await e.useInvited(null, options);
    await e.flush();
    expect((await engine().restore(scopeKey))?.count).toBe(5);
  });

  describe('loadInit (the engine fetches init itself)', () => {
    const loadOptions = { ...options, controlled: true };

    it('fetches init, builds the tree and returns the status and the state without organizations', async () => {
      const platformFetch = vi.fn<PlatformFetch>(() => Promise.resolve(Response.json({ ...rest, organizations })));
      const e = engine(platformFetch);
      const load = await e.loadInit(loadOptions);
      expect(platformFetch.mock.calls).toEqual([['/api/global-state/v1/init', true]]);
      expect(load.status).toBe(200);
      expect(load.result).toMatchObject({ state: rest, needsInvited: false, summary: { status: 'ready', count: 5 } });
      // The kept tree's scope is the scope only (no `controlled` in its keys).
      await e.flush();
      expect((await engine().restore(scopeKey))?.count).toBe(5);
    });

    /** Answers init with the good tree first, then with `then`. */
    const goodThen = (then: () => Promise<Response>) =>
      vi.fn<PlatformFetch>().mockImplementationOnce(() => Promise.resolve(Response.json({ ...rest, organizations }))).mockImplementationOnce(then);

    it.each([
      ['a network error', () => Promise.reject(new TypeError('Failed to fetch')), 0],
      ['a body that breaks off', () => Promise.resolve(new Response(new ReadableStream({ pull: (c) => c.error(new TypeError('network')) }))), 0],
      ['a gateway error', () => Promise.resolve(new Response('busy', { status: 504 })), 504],
      ['a refusal', () => Promise.resolve(new Response('{}', { status: 403 })), 403],
    ])('%s: its status, no result, and the tree stays', async (_label, answer, status) => {
      const e = engine(goodThen(answer));
      await e.loadInit(loadOptions);
      expect(await e.loadInit(loadOptions)).toEqual({ status, result: null });
      expect(await e.search('berlin', 5)).toMatchObject({ total: 1 });
    });

    it('a body that is not JSON: status 200, no result, and an empty tree', async () => {
      const e = engine(goodThen(() => Promise.resolve(new Response('{nope'))));
      await e.loadInit(loadOptions);
      expect(await e.loadInit(loadOptions)).toEqual({ status: 200, result: null });
      expect(await e.openView('full')).toEqual({ count: 0, index: -1 });
    });
  });
});
