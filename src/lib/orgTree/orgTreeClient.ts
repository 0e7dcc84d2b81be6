import { transfer, wrap, type Remote } from 'comlink';
import type { OrgTreeApi } from '../../core/orgTree/orgTreeEngine';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { trustedScriptUrl } from '../trustedTypes/scriptUrls';
import orgTreeWorkerUrl from '../../../workers/orgTree.worker.ts?worker&url';

/**
 * The page's handle on the organisation-tree engine: in a web worker when one starts (a 50,000-node
 * tree is parsed and built there, off the main thread), else the same engine inline.
 */
export type WorkerFactory = () => Worker;
export type EngineMode = 'worker' | 'inline';

// The built worker's address, passed through the script-address policy: under Trusted Types
// `new Worker` takes no plain string (the DOM types know only strings and URLs).
const defaultFactory: WorkerFactory | null =
  typeof Worker === 'function' ? () => new Worker(trustedScriptUrl(orgTreeWorkerUrl) as string, { type: 'module', name: 'org-tree' }) : null;

/** A worker that has not answered by then is treated as failed to start. */
const startTimeoutMs = 10_000;

function adapt(remote: Remote<OrgTreeApi>): OrgTreeApi {
  return {
    ping: () => remote.ping(),
    // The init body moves to the worker instead of being copied (several MB for a big tenant).
    ingest: (body, options) => remote.ingest(transfer(body, [body]), options),
    // The worker fetches init itself: its body never passes through the page.
    loadInit: (options) => remote.loadInit(options),
    useInvited: (answer, options) => remote.useInvited(answer, options),
    restore: (scopeKey, options) => remote.restore(scopeKey, options),
    setCurrent: (id) => remote.setCurrent(id),
    openView: (view) => remote.openView(view),
    rows: (start, count) => remote.rows(start, count),
    setExpanded: (id, expanded) => remote.setExpanded(id, expanded),
    search: (query, limit) => remote.search(query, limit),
    clear: () => remote.clear(),
    flush: () => remote.flush(),
  };
}

/** Waits for the worker's first answer; a load error, a throw or silence means it did not start. */
async function startWorker(factory: WorkerFactory, timeoutMs: number): Promise<OrgTreeApi | null> {
  let worker: Worker;
  try {
    worker = factory();
  } catch {
    return null;
  }
  const api = adapt(wrap<OrgTreeApi>(worker));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const failed = new Promise<false>((resolve) => {
    worker.addEventListener('error', () => resolve(false), { once: true });
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const started = await Promise.race([api.ping().then(() => true, () => false), failed]);
  clearTimeout(timer);
  if (started) return api;
  worker.terminate();
  return null;
}

export async function startOrgTreeEngine(
  factory: WorkerFactory | null = defaultFactory,
  timeoutMs = startTimeoutMs,
): Promise<{ api: OrgTreeApi; mode: EngineMode }> {
  const api = factory ? await startWorker(factory, timeoutMs) : null;
  if (api) return { api, mode: 'worker' };
  // The inline engine is only loaded when it is needed (it stays out of the start-up bundle).
  const { OrgTreeEngine } = await import('../../core/orgTree/orgTreeEngine');
  // Inline, init is fetched like every other page call (apiFetch sees the service worker itself).
  return { api: new OrgTreeEngine((path) => apiFetch(path)), mode: 'inline' };
}

let engine: Promise<{ api: OrgTreeApi; mode: EngineMode }> | null = null;

/** The one engine of this page, started on first use. */
export function orgTreeEngine(): Promise<OrgTreeApi> {
  engine ??= startOrgTreeEngine();
  return engine.then((e) => e.api);
}

/** Which one runs (diagnostics and the bench). */
export function orgTreeEngineMode(): Promise<EngineMode> {
  engine ??= startOrgTreeEngine();
  return engine.then((e) => e.mode);
}
