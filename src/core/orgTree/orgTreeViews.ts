import type { OrgTreeData } from './orgTreeBuild';

/**
 * The three views of an organisation tree (SPEC §3), as defined here:
 * - FullOrgTree: every root of the current organisation group's tree with its descendants.
 * - CurrentOrgTree: the current organisation and its descendants (the subtree the member works in);
 *   the FullOrgTree while no current organisation is known.
 * - AllOrgTree: every node as one flat list in depth-first pre-order (siblings by Position), with its
 *   level and the names of its ancestors — what search walks.
 * Tree views are shown through `visibleNodes`: the nodes whose ancestors (within the view) are all
 * expanded, in display order.
 */
export type OrgTreeView = 'full' | 'current';

export interface OrgTreeRow {
  /** Position in the visible list. */
  index: number;
  id: string;
  name: string;
  /** aria-level: 1 for the view's top nodes. */
  level: number;
  hasChildren: boolean;
  expanded: boolean;
  /** aria-posinset (1-based) and aria-setsize. */
  posInSet: number;
  setSize: number;
}

export interface SearchHit {
  id: string;
  name: string;
  /** Names of the ancestors, outermost first. */
  path: string[];
}

export interface SearchResult {
  /** Every match, of which at most `limit` are in `hits`. */
  total: number;
  hits: SearchHit[];
}

export function viewRoots(tree: OrgTreeData, view: OrgTreeView, current: number): number[] {
  return view === 'current' && current >= 0 && current < tree.ids.length ? [current] : tree.roots;
}

/** Display order of a view: depth-first, into expanded nodes only. */
export function visibleNodes(tree: OrgTreeData, roots: readonly number[], expanded: ReadonlySet<number>): number[] {
  const out: number[] = [];
  const stack: number[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push(roots[i]!);
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    if (!expanded.has(node)) continue;
    const list = tree.children[node]!;
    for (let c = list.length - 1; c >= 0; c--) stack.push(list[c]!);
  }
  return out;
}

export function rowFor(tree: OrgTreeData, roots: readonly number[], node: number, index: number, expanded: ReadonlySet<number>): OrgTreeRow {
  const top = roots.length === 1 && roots[0] === node;
  const parent = tree.parents[node]!;
  const siblings = top ? roots : parent === -1 ? tree.roots : tree.children[parent]!;
  const baseDepth = roots[0] === undefined ? 0 : tree.depths[roots[0]]!;
  const hasChildren = tree.children[node]!.length > 0;
  return {
    index,
    id: tree.ids[node]!,
    name: tree.names[node]!,
    level: tree.depths[node]! - baseDepth + 1,
    hasChildren,
    expanded: hasChildren && expanded.has(node),
    posInSet: top ? 1 : tree.siblingIndex[node]! + 1,
    setSize: siblings.length,
  };
}

/** Ancestors of a node, outermost first (not the node itself). */
export function ancestors(tree: OrgTreeData, node: number): number[] {
  const out: number[] = [];
  for (let at = tree.parents[node] ?? -1; at !== -1; at = tree.parents[at]!) out.push(at);
  return out.reverse();
}

/**
 * Case-insensitive substring search over AllOrgTree, in its order. `lowerNames` is the names in
 * lower case (built once per tree). An empty query matches nothing.
 */
export function searchOrgTree(tree: OrgTreeData, lowerNames: readonly string[], query: string, limit: number): SearchResult {
  const needle = query.trim().toLowerCase();
  if (!needle) return { total: 0, hits: [] };
  const hits: SearchHit[] = [];
  let total = 0;
  for (let i = 0; i < lowerNames.length; i++) {
    if (!lowerNames[i]!.includes(needle)) continue;
    total++;
    if (hits.length < limit) hits.push({ id: tree.ids[i]!, name: tree.names[i]!, path: ancestors(tree, i).map((a) => tree.names[a]!) });
  }
  return { total, hits };
}
