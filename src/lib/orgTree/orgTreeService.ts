import { appStore } from '../../state/jotai';
import { isGatewayStatus } from '../../pipeline/core/gateway';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { orgTreeEngine } from './orgTreeClient';
import { currentOrganisationAtom, keptOrganisationAtom, orgTreeNodeCountAtom, orgTreeRevisionAtom, orgTreeStatusAtom } from './orgTreeAtoms';
import { keepOrganisation } from './keptOrganisation';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { memberScopeKey } from '../../session/core/claims';
import type { CurrentOrganisation, IngestOptions, OrgTreeSummary } from '../../core/orgTree/orgTreeEngine';

export type { IngestOptions } from '../../core/orgTree/orgTreeEngine';

/**
 * The init answer can carry a 50,000-node tree, so the engine (worker) fetches and parses it off the
 * main thread: the organisations stay there, the rest of the state comes back.
 * The atoms in ./orgTreeAtoms say how far the tree is.
 */

/** Each load or clear starts a generation; an answer from an older one is dropped (sign-out mid-load). */
let generation = 0;

/**
 * User Timing mark set whenever a tree (or its failure) is published, with `detail: { status, count }`:
 * when a tree load ends, for the bench and the browser tests (tests/e2e/org-tree.spec.ts reads it by name).
 */
export const orgTreeMark = 'trust-shell:org-tree';

export function publishOrgTree(summary: OrgTreeSummary): void {
  appStore.set(orgTreeStatusAtom, summary.status);
  appStore.set(orgTreeNodeCountAtom, summary.count);
  appStore.set(currentOrganisationAtom, summary.current);
  appStore.set(orgTreeRevisionAtom, summary.revision);
  globalThis.performance?.mark?.(orgTreeMark, { detail: { status: summary.status, count: summary.count } });
  if (summary.current) keepNamed(summary.current);
}

/**
 * The organisation named now, kept for the next warm start of this scope (./keptOrganisation).
 * `keptOrganisationAtom` holds what is kept (read at a warm start, or written here; a switch
 * reloads the page, a sign-out clears it): the same organisation again writes nothing.
 */
function keepNamed(organisation: CurrentOrganisation): void {
  const claims = appStore.get(sessionAtom).claims;
  const kept = appStore.get(keptOrganisationAtom);
  if (!claims || (kept?.Id === organisation.Id && kept.Name === organisation.Name)) return;
  appStore.set(keptOrganisationAtom, organisation);
  keepOrganisation(memberScopeKey(claims), organisation).catch(() => appStore.set(keptOrganisationAtom, kept));
}

function publishFailed(): void {
  publishOrgTree({ status: 'failed', count: 0, current: null, revision: appStore.get(orgTreeRevisionAtom) + 1 });
}

/** Without Login: the single node from the first invited organisation (SPEC §3); a failure → empty tree. */
async function loadInvited(options: IngestOptions, mine: number): Promise<void> {
  let answer: unknown = null;
  try {
    const response = await apiFetch('/api/access/v1/users/current/organizations');
    if (response.ok) answer = await response.json();
  } catch {
    // SPEC §8: null / empty tree
  }
  if (mine !== generation) return;
  const summary = await (await orgTreeEngine()).useInvited(answer, options);
  if (mine === generation) publishOrgTree(summary);
}

/** The invited user's organisation, while it loads (tests and callers that need the tree settled). */
let pendingInvited: Promise<void> = Promise.resolve();
export function orgTreeSettled(): Promise<void> {
  return pendingInvited;
}

export interface GlobalStateLoad {
  /** HTTP status of GET /api/global-state/v1/init; 0 when no answer came (network error, or the body broke off). */
  status: number;
  /** The parsed answer without `organizations`; null when the status was not 2xx or the body was not JSON. */
  rest: unknown;
}

/**
 * Loads the signed-in state: the engine (worker) fetches init itself, so its body (7 MB for a
 * 50,000-node tenant) never reaches the main thread, where even the browser's own handling of it
 * costs long tasks. The engine keeps and builds `organizations` (with Login the full tree; without
 * Login the single node from /users/current/organizations) and returns the rest. `controlled` is
 * the page's `navigator.serviceWorker.controller`, which a dedicated worker cannot read.
 * An unanswered call keeps the tree as it is (the caller starts from the last known state).
 */
export async function loadGlobalStateInWorker(options: IngestOptions & { controlled: boolean }): Promise<GlobalStateLoad> {
  const mine = ++generation;
  let load;
  try {
    load = await (await orgTreeEngine()).loadInit(options);
  } catch (error) {
    if (mine === generation) publishFailed();
    throw error;
  }
  const { status, result } = load;
  const unanswered = status === 0 || isGatewayStatus(status);
  if (mine !== generation || unanswered) return { status, rest: result?.state ?? null };
  const scope = { scopeKey: options.scopeKey, rootOrgId: options.rootOrgId };
  const ok = status >= 200 && status < 300;
  if (result?.summary) publishOrgTree(result.summary);
  // A body that is not JSON (the engine dropped its tree): no tree. A refused init leaves a tree
  // already shown in place (a recovery reload), else ends the wait with no tree (SPEC §8).
  else if (!result && (ok || appStore.get(orgTreeStatusAtom) === 'loading')) publishFailed();
  // The invited organisation loads beside the rest of the start-up, not before it.
  if (result?.needsInvited) pendingInvited = loadInvited(scope, mine).catch(() => (mine === generation ? publishFailed() : undefined));
  return { status, rest: result?.state ?? null };
}

/** Offline start: the tree kept for this scope (member, tenant, organisation group, role); false when none is kept. */
export async function restoreStoredOrgTree(scopeKey: string): Promise<boolean> {
  const mine = ++generation;
  const summary = await (await orgTreeEngine()).restore(scopeKey).catch(() => null);
  if (mine !== generation) return summary !== null;
  if (summary) publishOrgTree(summary);
  else publishFailed();
  return summary !== null;
}

/** Sign-outs so far: a kept tree read before one is never shown after it. */
let clears = 0;

/**
 * Warm start: the tree kept for this member and tenant names their organisation while init's
 * answer is on its way. A tree a load has published meanwhile stays (the engine, likewise, keeps a
 * tree installed while the kept one was read), and nothing read before a sign-out is shown after it.
 */
export async function showKeptOrgTree(scopeKey: string): Promise<void> {
  const before = clears;
  const summary = await (await orgTreeEngine()).restore(scopeKey, { unlessLoaded: true }).catch(() => null);
  if (summary && before === clears && appStore.get(orgTreeStatusAtom) === 'loading') publishOrgTree(summary);
}

/** Sign-out: the tree leaves memory and storage. */
export async function clearOrgTree(): Promise<void> {
  generation++;
  clears++;
  appStore.set(orgTreeStatusAtom, 'loading');
  appStore.set(orgTreeNodeCountAtom, 0);
  appStore.set(currentOrganisationAtom, null);
  appStore.set(keptOrganisationAtom, null);
  // Storage that cannot be cleared must not stop the sign-out.
  await orgTreeEngine()
    .then((engine) => engine.clear())
    .catch(() => undefined);
}
