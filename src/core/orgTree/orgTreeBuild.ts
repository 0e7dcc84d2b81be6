import * as z from 'zod/mini';

/**
 * Organisation trees (SPEC §3 "Organisation tree node", contract OrgTreeNode), held as flat arrays
 * rather than nested objects: 50,000 nodes cost little to keep, clone into IndexedDB and walk.
 * Node i's children are listed in `children[i]`, already sorted by Position; `order` is the
 * depth-first pre-order of the whole tree (the AllOrgTree view).
 */
export interface OrgTreeData {
  ids: string[];
  names: string[];
  /** Index of the parent node, -1 for a root. */
  parents: number[];
  /** Root node indexes, by Position. */
  roots: number[];
  children: number[][];
  /** 0 for a root. */
  depths: number[];
  /** Place among its siblings (0-based). */
  siblingIndex: number[];
}

/** The stored form: nodes in pre-order with parent indexes; children order follows from it. */
export interface StoredOrgTree {
  ids: string[];
  names: string[];
  parents: number[];
}

const uuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const uuid = z.lazy(() => z.string().check(z.regex(uuidPattern)));

/**
 * One node, checked on its own: Children are walked iteratively (no recursion), so a hostile,
 * very deep tree cannot overflow the stack.
 */
const nodeSchema = z.lazy(() => z.object({
  Id: uuid,
  Name: z.string(),
  ParentId: z.optional(z.nullable(uuid)),
  Children: z.array(z.unknown()),
  Position: z.number().check(z.int(), z.nonnegative()),
}));

/** Contract InvitedOrganization (users/current/organizations). */
export const invitedOrganizationsSchema = z.lazy(() => z.array(z.object({ id: uuid, name: z.string() })));

interface RawNode {
  id: string;
  name: string;
  parentId: string | null;
  position: number;
  parent: number;
}

const byPosition = (nodes: readonly RawNode[]) => (a: number, b: number) => (nodes[a]?.position ?? 0) - (nodes[b]?.position ?? 0);

/**
 * Validates the `organizations` value and builds the tree, or null when any node is off the
 * contract or an Id repeats (SPEC §8: a bad tree is an empty tree). Siblings sort by Position
 * (stable: ties keep the server's order). A top-level node whose ParentId names another node is
 * attached under it (a flat list is read too); a ParentId that is unknown leaves it a root.
 */
export function buildOrgTree(organizations: unknown): OrgTreeData | null {
  if (!Array.isArray(organizations)) return null;
  const nodes: RawNode[] = [];
  const childLists: number[][] = [];
  const seen = new Map<string, number>();
  const topLevel: number[] = [];
  // Stack of [raw node, parent index]; reversed pushes keep the server's order for equal Positions.
  const stack: Array<[unknown, number]> = [];
  for (let i = organizations.length - 1; i >= 0; i--) stack.push([organizations[i], -1]);
  while (stack.length > 0) {
    const [raw, parent] = stack.pop()!;
    const parsed = nodeSchema.safeParse(raw);
    if (!parsed.success) return null;
    const { Id, Name, ParentId, Children, Position } = parsed.data;
    const key = Id.toLowerCase();
    if (seen.has(key)) return null;
    const index = nodes.length;
    seen.set(key, index);
    nodes.push({ id: Id, name: Name, parentId: ParentId ?? null, position: Position, parent });
    childLists.push([]);
    if (parent === -1) topLevel.push(index);
    else childLists[parent]!.push(index);
    for (let c = Children.length - 1; c >= 0; c--) stack.push([Children[c], index]);
  }
  const roots: number[] = [];
  for (const index of topLevel) {
    const node = nodes[index]!;
    const target = node.parentId === null ? undefined : seen.get(node.parentId.toLowerCase());
    if (target !== undefined && !isAncestorOrSelf(nodes, index, target)) {
      node.parent = target;
      childLists[target]!.push(index);
    } else {
      node.parent = -1;
      roots.push(index);
    }
  }
  const sort = byPosition(nodes);
  roots.sort(sort);
  for (const list of childLists) if (list.length > 1) list.sort(sort);
  return compact(nodes, roots, childLists);
}

/** Whether `candidate` is `node` or one of its ancestors (attaching would make a cycle). */
function isAncestorOrSelf(nodes: readonly RawNode[], candidate: number, node: number): boolean {
  for (let at = node; at !== -1; at = nodes[at]!.parent) if (at === candidate) return true;
  return false;
}

/** Renumbers the nodes in sorted pre-order, so storage and AllOrgTree share one order. */
function compact(nodes: readonly RawNode[], roots: readonly number[], childLists: readonly number[][]): OrgTreeData {
  const ids: string[] = [];
  const names: string[] = [];
  const parents: number[] = [];
  const stack: Array<[number, number]> = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i]!, -1]);
  while (stack.length > 0) {
    const [old, parent] = stack.pop()!;
    const index = ids.length;
    ids.push(nodes[old]!.id);
    names.push(nodes[old]!.name);
    parents.push(parent);
    const list = childLists[old]!;
    for (let c = list.length - 1; c >= 0; c--) stack.push([list[c]!, index]);
  }
  return fromStored({ ids, names, parents });
}

/** Rebuilds the child lists from a pre-order node list (a stored tree, or `compact`'s output). */
export function fromStored(stored: StoredOrgTree): OrgTreeData {
  const { ids, names, parents } = stored;
  const children: number[][] = ids.map(() => []);
  const roots: number[] = [];
  const depths: number[] = [];
  const siblingIndex: number[] = [];
  parents.forEach((parent, index) => {
    const siblings = parent === -1 ? roots : children[parent]!;
    siblingIndex.push(siblings.length);
    siblings.push(index);
    depths.push(parent === -1 ? 0 : depths[parent]! + 1);
  });
  return { ids, names, parents, roots, children, depths, siblingIndex };
}

export function toStored(tree: OrgTreeData): StoredOrgTree {
  return { ids: tree.ids, names: tree.names, parents: tree.parents };
}

/** Checks a stored tree's shape before it is trusted (storage can hold an older or damaged copy). */
export function isStoredOrgTree(value: unknown): value is StoredOrgTree {
  if (typeof value !== 'object' || value === null) return false;
  const { ids, names, parents } = value as Partial<StoredOrgTree>;
  if (!Array.isArray(ids) || !Array.isArray(names) || !Array.isArray(parents)) return false;
  if (names.length !== ids.length || parents.length !== ids.length) return false;
  // Pre-order: every parent comes before its children.
  return parents.every((p, i) => Number.isInteger(p) && p >= -1 && p < i) && ids.every((id) => typeof id === 'string') && names.every((n) => typeof n === 'string');
}

/**
 * Invited users (no Login): a single node from the first organisation of users/current/organizations
 * (contract: Id=id, Name=name, ParentId null, Children [], Position 0). Null when the answer is off
 * the contract; an empty tree when the list is empty.
 */
export function invitedOrgTree(answer: unknown): OrgTreeData | null {
  const parsed = invitedOrganizationsSchema.safeParse(answer);
  if (!parsed.success) return null;
  const first = parsed.data[0];
  return buildOrgTree(first ? [{ Id: first.id, Name: first.name, ParentId: null, Children: [], Position: 0 }] : []);
}

export const emptyOrgTree = (): OrgTreeData => fromStored({ ids: [], names: [], parents: [] });
