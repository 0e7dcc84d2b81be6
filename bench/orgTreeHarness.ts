import { OrgTreeEngine, type OrgTreeApi } from '../src/core/orgTree/orgTreeEngine';
import { startOrgTreeEngine } from '../src/lib/orgTree/orgTreeClient';

/**
 * Builds the same init body's organisation tree in the shell's Comlink worker or inline on this
 * page's main thread, timed in the page from the call to its answer, with the longest main-thread
 * task seen meanwhile.
 */
type Mode = 'worker' | 'inline';

const tasks: { start: number; end: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) tasks.push({ start: e.startTime, end: e.startTime + e.duration });
}).observe({ type: 'longtask', buffered: true });

let body: ArrayBuffer | null = null;
let worker: OrgTreeApi | null = null;

async function load(token: string): Promise<{ bytes: number }> {
  const response = await fetch('/api/global-state/v1/init', { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`init answered ${response.status}`);
  body = await response.arrayBuffer();
  const started = await startOrgTreeEngine();
  if (started.mode !== 'worker') throw new Error('the organisation-tree worker did not start');
  worker = started.api;
  return { bytes: body.byteLength };
}

async function build(mode: Mode, run: number): Promise<{ ms: number; count: number; longestTaskMs: number }> {
  if (!body || !worker) throw new Error('load() first');
  const engine = mode === 'worker' ? worker : new OrgTreeEngine();
  // A copy each time: the worker takes the buffer over (transfer).
  const copy = body.slice(0);
  // Run from a timer task of the page's own: work started by DevTools' evaluate is not a task the
  // long-task observer reports.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const started = performance.now();
  const result = await engine.ingest(copy, { scopeKey: `bench-${mode}-${run}`, rootOrgId: null });
  const ended = performance.now();
  // Outside the timed span: the stored copy's write, and the long-task entries' delivery.
  await engine.flush();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const overlapping = tasks.filter((t) => t.end >= started && t.start <= ended);
  return { ms: ended - started, count: result.summary?.count ?? 0, longestTaskMs: Math.max(0, ...overlapping.map((t) => t.end - t.start)) };
}

Object.assign(globalThis, { benchOrgTreeLoad: load, benchOrgTreeBuild: build });
