import { describe, expect, it } from 'vitest';
import { buildOrgTree, fromStored, invitedOrgTree, isStoredOrgTree, toStored } from './orgTreeBuild';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const node = (n: number, name: string, position: number, children: unknown[] = [], parent: number | null = null) => ({
  Id: id(n),
  Name: name,
  ParentId: parent === null ? null : id(parent),
  Children: children,
  Position: position,
});

describe('buildOrgTree', () => {
  it('sorts every level by Position and keeps a pre-order', () => {
    const tree = buildOrgTree([
      node(1, 'Root B', 1),
      node(2, 'Root A', 0, [node(3, 'Child 2', 2, [], 2), node(4, 'Child 0', 0, [node(5, 'Grandchild', 0, [], 4)], 2), node(6, 'Child 1', 1, [], 2)]),
    ]);
    expect(tree?.names).toEqual(['Root A', 'Child 0', 'Grandchild', 'Child 1', 'Child 2', 'Root B']);
    expect(tree?.roots.map((r) => tree.names[r])).toEqual(['Root A', 'Root B']);
    expect(tree?.depths).toEqual([0, 1, 2, 1, 1, 0]);
    expect(tree?.siblingIndex).toEqual([0, 0, 0, 1, 2, 1]);
  });

  it('keeps the server order for equal Positions', () => {
    const tree = buildOrgTree([node(1, 'First', 0), node(2, 'Second', 0), node(3, 'Third', 0)]);
    expect(tree?.names).toEqual(['First', 'Second', 'Third']);
  });

  it('treats a missing ParentId as a root and attaches a top-level node under the parent it names', () => {
    const { ParentId: _omit, ...noParent } = node(1, 'Root', 0);
    const tree = buildOrgTree([noParent, node(2, 'Flat child', 0, [], 1), node(3, 'Orphan', 1, [], 99)]);
    expect(tree?.names).toEqual(['Root', 'Flat child', 'Orphan']);
    expect(tree?.parents).toEqual([-1, 0, -1]);
  });

  it('does not follow a ParentId into a cycle', () => {
    const tree = buildOrgTree([node(1, 'A', 0, [node(2, 'B', 0, [], 1)], 2)]);
    expect(tree?.parents).toEqual([-1, 0]);
  });

  it.each([
    ['not a list', { Id: id(1) }],
    ['a bad Id', [{ ...node(1, 'A', 0), Id: 'not-a-uuid' }]],
    ['a missing Name', [{ ...node(1, 'A', 0), Name: undefined }]],
    ['a negative Position', [node(1, 'A', -1)]],
    ['a fractional Position', [node(1, 'A', 0.5)]],
    ['Children not a list', [{ ...node(1, 'A', 0), Children: null }]],
    ['a bad nested node', [node(1, 'A', 0, [{ Name: 'no id' }])]],
    ['a repeated Id', [node(1, 'A', 0, [node(1, 'A again', 0)])]],
  ])('gives null (→ empty tree) for %s', (_label, value) => {
    expect(buildOrgTree(value)).toBeNull();
  });

  it('walks a very deep tree without recursion', () => {
    let deep: ReturnType<typeof node> = node(1, 'Leaf', 0);
    for (let n = 2; n <= 20_000; n++) deep = node(n, `Level ${n}`, 0, [deep]);
    expect(buildOrgTree([deep])?.ids.length).toBe(20_000);
  });

  it('round-trips through the stored form and rejects damaged copies', () => {
    const tree = buildOrgTree([node(1, 'Root', 0, [node(2, 'Child', 0, [], 1)])])!;
    const stored = toStored(tree);
    expect(isStoredOrgTree(stored)).toBe(true);
    expect(fromStored(stored)).toEqual(tree);
    expect(isStoredOrgTree({ ...stored, parents: [1, -1] })).toBe(false);
    expect(isStoredOrgTree({ ...stored, names: ['only one'] })).toBe(false);
    expect(isStoredOrgTree(null)).toBe(false);
  });
});

describe('invitedOrgTree', () => {
  it('builds a single root node from the first invited organisation', () => {
    const tree = invitedOrgTree([
      { id: id(7), name: 'Invited A' },
      { id: id(8), name: 'Invited B' },
    ]);
    expect(tree).toMatchObject({ ids: [id(7)], names: ['Invited A'], parents: [-1], roots: [0] });
  });

  it('gives an empty tree for an empty list and null off the contract', () => {
    expect(invitedOrgTree([])?.ids).toEqual([]);
    expect(invitedOrgTree([{ Id: id(7), Name: 'wrong case' }])).toBeNull();
    expect(invitedOrgTree({})).toBeNull();
  });
});
