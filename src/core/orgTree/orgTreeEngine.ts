import { buildOrgTree, emptyOrgTree, fromStored, invitedOrgTree, toStored, type OrgTreeData } from './orgTreeBuild';
import { rowFor, searchOrgTree, viewRoots, visibleNodes, ancestors, type OrgTreeRow, type OrgTreeView, type SearchResult } from './orgTreeViews';
import { clearStore, currentKey, loadCurrent, loadTree, saveCurrent, saveTree } from './orgTreeStore';
import { contextFetch, initPath, type PlatformFetch } from './initRequest';

export type { OrgTreeRow, OrgTreeView, SearchHit, SearchResult } from './orgTreeViews';

export type OrgTreeStatus = 'loading' | 'ready' | 'empty' | 'failed';

export interface CurrentOrganisation {
  Id: string;
  Name: string;
}

export interface IngestOptions {
  /** Per user-and-tenant key (the tree is kept for an offline start). */
  scopeKey: string;
  /** Root organisation of the current organisation group (access token claim `root`). */
  rootOrgId: string | null;
}

export interface LoadInitOptions extends IngestOptions {
  /** Whether a service worker controls the page (a dedicated worker cannot tell by itself). */
  controlled: boolean;
}

export interface OrgTreeSummary {
  status: Exclude<OrgTreeStatus, 'loading'>;
  count: number;
  current: CurrentOrganisation | null;
  /** Changes whenever the tree or the current organisation does (the picker reloads its rows). */
  revision: number;
}

export interface IngestResult {
  /** The parsed init answer without `organizations`. */
  state: unknown;
  /** No Login: the page loads users/current/organizations and hands the answer to `useInvited`. */
  needsInvited: boolean;
  summary: OrgTreeSummary | null;
}

export interface InitLoad {
  /** HTTP status of GET /api/global-state/v1/init; 0 when no answer came (network error, or the body broke off). */
  status: number;
  /** The ingested answer; null when the status was not 2xx or the body was not JSON. */
  result: IngestResult | null;
}

export interface ViewPosition {
  /** Visible rows. */
  count: number;
  /** Visible index of the node asked about (the current organisation for `openView`), or -1. */
  index: number;
}

/** What the page calls, in a worker (through Comlink) or inline: every method is async either way. */
export interface OrgTreeApi {
  ping(): Promise<true>;
  ingest(body: ArrayBuffer, options: IngestOptions): Promise<IngestResult>;
  /** Fetches init itself and ingests it, so its body never reaches the page's main thread. */
  loadInit(options: LoadInitOptions): Promise<InitLoad>;
  useInvited(answer: unknown, options: IngestOptions): Promise<OrgTreeSummary>;
  /**
   * The tree kept for `scopeKey` (null when none). `unlessLoaded`: a warm start's, which never
   * replaces a tree a load installed while it was being read (null then).
   */
  restore(scopeKey: string, options?: { unlessLoaded?: boolean }): Promise<OrgTreeSummary | null>;
  setCurrent(id: string): Promise<OrgTreeSummary>;
  openView(view: OrgTreeView): Promise<ViewPosition>;
  rows(start: number, count: number): Promise<OrgTreeRow[]>;
  setExpanded(id: string, expanded: boolean): Promise<ViewPosition>;
  search(query: string, limit: number): Promise<SearchResult>;
  clear(): Promise<void>;
  /** Resolves once every pending storage write is done. */
  flush(): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Login is read from the granted-permissions object's keys (contract GrantedPermissions). */
const hasLogin = (permissions: unknown): boolean => isRecord(permissions) && Object.hasOwn(permissions, 'Login') && permissions.Login !== false;

/** The organisation tree and the picker's view of it; the same code runs in the worker and inline. */
export class OrgTreeEngine implements OrgTreeApi {
  private tree: OrgTreeData = emptyOrgTree();
  private byId = new Map<string, number>();
  private lowerNames: string[] | null = null;
  private scope: IngestOptions | null = null;
  private current = -1;
  private status: OrgTreeSummary['status'] = 'empty';
  private revision = 0;
  private viewTop: number[] = [];
  private expanded = new Set<number>();
  private visible: number[] = [];
  private writes: Promise<void> = Promise.resolve();

  /** In the worker: `contextFetch`; inline on the page: the page's own apiFetch. */
  constructor(private readonly platformFetch: PlatformFetch = contextFetch) {}

  ping(): Promise<true> {
    return Promise.resolve(true);
  }

  /** Throws when the bytes are not JSON (the caller's failed-init path). */
  async ingest(body: ArrayBuffer, options: IngestOptions): Promise<IngestResult> {
    return this.ingestText(new TextDecoder().decode(body), options);
  }

  async loadInit(options: LoadInitOptions): Promise<InitLoad> {
    let status: number;
    let text: string | null = null;
    try {
      const response = await this.platformFetch(initPath, options.controlled);
      status = response.status;
      if (response.ok) text = await response.text();
    } catch {
      // Unanswered, or the body broke off: the caller treats both as the platform being away.
      return { status: 0, result: null };
    }
    if (text === null) return { status, result: null };
    const { scopeKey, rootOrgId } = options;
    try {
      return { status, result: await this.ingestText(text, { scopeKey, rootOrgId }) };
    } catch {
      // Not JSON (the caller's failed-init path); the tree is empty, like any bad tree (SPEC §8).
      await this.adopt(null, { scopeKey, rootOrgId }, false);
      return { status, result: null };
    }
  }

  private async ingestText(text: string, options: IngestOptions): Promise<IngestResult> {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) return { state: parsed, needsInvited: false, summary: await this.adopt(null, options) };
    const { organizations, ...state } = parsed;
    if (!hasLogin(state.permissions)) return { state, needsInvited: true, summary: null };
    return { state, needsInvited: false, summary: await this.adopt(buildOrgTree(organizations), options) };
  }

  /** `answer` is the users/current/organizations body, or null when the call failed. */
  async useInvited(answer: unknown, options: IngestOptions): Promise<OrgTreeSummary> {
    return this.adopt(answer === null ? null : invitedOrgTree(answer), options);
  }

  async restore(scopeKey: string, { unlessLoaded = false }: { unlessLoaded?: boolean } = {}): Promise<OrgTreeSummary | null> {
    const before = this.revision;
    const record = await loadTree(scopeKey);
    if (!record || (unlessLoaded && this.revision !== before)) return null;
    return this.adopt(fromStored(record.tree), { scopeKey, rootOrgId: record.rootOrgId }, false);
  }

  async setCurrent(id: string): Promise<OrgTreeSummary> {
    const index = this.byId.get(id.toLowerCase());
    if (index !== undefined && this.scope) {
      this.current = index;
      this.revision++;
      const { scopeKey, rootOrgId } = this.scope;
      this.writes = this.writes.then(() => saveCurrent(scopeKey, rootOrgId, this.tree.ids[index]!));
      await this.writes;
    }
    return this.summary();
  }

  openView(view: OrgTreeView): Promise<ViewPosition> {
    this.viewTop = viewRoots(this.tree, view, this.current);
    // Top level open, and the way down to the current organisation.
    this.expanded = new Set(this.viewTop);
    if (this.current >= 0) for (const a of ancestors(this.tree, this.current)) this.expanded.add(a);
    this.visible = visibleNodes(this.tree, this.viewTop, this.expanded);
    return Promise.resolve({ count: this.visible.length, index: this.visible.indexOf(this.current) });
  }

  rows(start: number, count: number): Promise<OrgTreeRow[]> {
    const from = Math.max(0, Math.floor(start));
    const to = Math.min(this.visible.length, from + Math.max(0, Math.floor(count)));
    const rows: OrgTreeRow[] = [];
    for (let i = from; i < to; i++) rows.push(rowFor(this.tree, this.viewTop, this.visible[i]!, i, this.expanded));
    return Promise.resolve(rows);
  }

  setExpanded(id: string, expanded: boolean): Promise<ViewPosition> {
    const node = this.byId.get(id.toLowerCase());
    if (node !== undefined && this.tree.children[node]!.length > 0) {
      if (expanded) this.expanded.add(node);
      else this.expanded.delete(node);
      this.visible = visibleNodes(this.tree, this.viewTop, this.expanded);
    }
    return Promise.resolve({ count: this.visible.length, index: node === undefined ? -1 : this.visible.indexOf(node) });
  }

  search(query: string, limit: number): Promise<SearchResult> {
    this.lowerNames ??= this.tree.names.map((n) => n.toLowerCase());
    return Promise.resolve(searchOrgTree(this.tree, this.lowerNames, query, limit));
  }

  async clear(): Promise<void> {
    this.install(emptyOrgTree(), 'empty', null, -1);
    await this.writes;
    await clearStore();
  }

  flush(): Promise<void> {
    return this.writes;
  }

  /** Takes a built tree (null: the call failed or the answer was off the contract → empty tree). */
  private async adopt(tree: OrgTreeData | null, options: IngestOptions, persist = true): Promise<OrgTreeSummary> {
    const status = tree === null ? 'failed' : tree.ids.length > 0 ? 'ready' : 'empty';
    const built = tree ?? emptyOrgTree();
    this.install(built, status, options, -1);
    const installed = this.revision;
    const current = await this.resolveCurrent(options);
    // A tree installed while the member's choice was read (a load overtaking a restore) keeps its own.
    if (this.revision === installed) this.current = current;
    // A failed load keeps the last good copy for the next offline start.
    if (persist && tree !== null) this.writes = this.writes.then(() => saveTree(options.scopeKey, { rootOrgId: options.rootOrgId, tree: toStored(built) }));
    return this.summary();
  }

  private install(tree: OrgTreeData, status: OrgTreeSummary['status'], scope: IngestOptions | null, current: number): void {
    this.tree = tree;
    this.byId = new Map(tree.ids.map((id, i) => [id.toLowerCase(), i]));
    this.lowerNames = null;
    this.scope = scope;
    this.status = status;
    this.current = current;
    this.revision++;
    this.viewTop = [];
    this.expanded = new Set();
    this.visible = [];
  }

  /** The member's remembered choice, else the organisation group's root (claim `root`), else the first root. */
  private async resolveCurrent(options: IngestOptions): Promise<number> {
    if (this.tree.ids.length === 0) return -1;
    const chosen = await loadCurrent(currentKey(options.scopeKey, options.rootOrgId));
    for (const id of [chosen, options.rootOrgId]) {
      const index = id ? this.byId.get(id.toLowerCase()) : undefined;
      if (index !== undefined) return index;
    }
    return this.tree.roots[0] ?? -1;
  }

  private summary(): OrgTreeSummary {
    const current = this.current >= 0 ? { Id: this.tree.ids[this.current]!, Name: this.tree.names[this.current]! } : null;
    return { status: this.status, count: this.tree.ids.length, current, revision: this.revision };
  }
}
