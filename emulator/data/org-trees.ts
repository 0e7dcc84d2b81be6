/**
 * Organisation trees, one per organisation group (contract schema OrgTreeNode: root nodes with
 * ParentId null, nested Children, siblings by Position ascending).
 *
 * Trees are immutable, so each is built once per process and its JSON is serialised once: the
 * 50,000-node tree of the big-organisation persona is then answered by sending a cached string.
 */
import { sequentialUuid, uuidFor } from './ids.ts';

export interface OrgTreeNode {
  Id: string;
  Name: string;
  ParentId: string | null;
  Children: OrgTreeNode[];
  Position: number;
}

export interface OrgTree {
  roots: OrgTreeNode[];
  /** The root claim of the access token: the first root organisation. */
  rootId: string;
  /** Serialised roots, cached on first use. */
  json(): string;
  /** Name of an organisation of this tree, or undefined. */
  nameOf(id: string): string | undefined;
  size(): number;
}

/** Nested spec: a name and its children. */
export type TreeSpec = readonly [name: string, children?: readonly TreeSpec[]];

function makeTree(build: () => OrgTreeNode[]): OrgTree {
  let roots: OrgTreeNode[] | undefined;
  let serialised: string | undefined;
  let names: Map<string, string> | undefined;
  const getRoots = (): OrgTreeNode[] => (roots ??= build());
  const index = (): Map<string, string> => {
    if (names) return names;
    names = new Map();
    const stack = [...getRoots()];
    while (stack.length > 0) {
      const node = stack.pop();
      if (!node) break;
      names.set(node.Id.toLowerCase(), node.Name);
      stack.push(...node.Children);
    }
    return names;
  };
  return {
    get roots() {
      return getRoots();
    },
    get rootId() {
      return getRoots()[0]?.Id ?? '';
    },
    json: () => (serialised ??= JSON.stringify(getRoots())),
    nameOf: (id) => index().get(id.toLowerCase()),
    size: () => index().size,
  };
}

/** A tree from a nested spec; ids derive from the path of names, so they never change. */
export function treeFromSpec(key: string, specs: readonly TreeSpec[]): OrgTree {
  const build = (spec: TreeSpec, parent: OrgTreeNode | null, position: number, path: string): OrgTreeNode => {
    const [name, children = []] = spec;
    const nodePath = `${path}/${name}`;
    const node: OrgTreeNode = { Id: uuidFor(`org:${key}${nodePath}`), Name: name, ParentId: parent?.Id ?? null, Children: [], Position: position };
    node.Children = children.map((child, i) => build(child, node, i, nodePath));
    return node;
  };
  return makeTree(() => specs.map((spec, i) => build(spec, null, i, '')));
}

/**
 * The big-organisation persona's tree: exactly `total` nodes, generated breadth-first (1 root,
 * 10 regions, 100 divisions, 1,000 countries, 10,000 sites, the rest spread as teams under the
 * sites), so it is 6 levels deep and the same on every run.
 */
export function generatedTree(total: number): OrgTree {
  return makeTree(() => {
    let counter = 0;
    const node = (name: string, parent: OrgTreeNode | null, position: number): OrgTreeNode => ({
      Id: sequentialUuid('9b1d0000', counter++),
      Name: name,
      ParentId: parent?.Id ?? null,
      Children: [],
      Position: position,
    });
    const root = node('Globex Holdings', null, 0);
    const labels = ['Region', 'Division', 'Country', 'Site', 'Team'];
    let level: OrgTreeNode[] = [root];
    for (let depth = 0; depth < labels.length && counter < total; depth++) {
      const next: OrgTreeNode[] = [];
      const last = depth === labels.length - 1;
      const perParent = last ? Math.ceil((total - counter) / level.length) : 10;
      for (const parent of level) {
        for (let i = 0; i < perParent && counter < total; i++) {
          const child = node(`${labels[depth] ?? 'Unit'} ${parent === root ? '' : `${parent.Name.split(' ').pop() ?? ''}.`}${i + 1}`, parent, i);
          parent.Children.push(child);
          next.push(child);
        }
      }
      level = next;
    }
    return [root];
  });
}
