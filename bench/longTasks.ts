import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
// Lighthouse's launcher (already a bench dependency): a browser on a profile kept between two starts.
import { launch, type LaunchedChrome } from 'chrome-launcher';
// Vite's own (through PostCSS): reads the build's hidden source maps.
import { SourceMapConsumer } from 'source-map-js';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import type { BenchRow } from './report.ts';
import type { BenchOptions } from './setup.ts';
import { startBenchServer } from './server.ts';
import { sample } from './stats.ts';
import { warmMember } from './lighthouse.ts';

/**
 * Benchmark: the main thread's long tasks of a warm /mfe-host under a 4× CPU slowdown (as
 * Lighthouse's mobile profile), each named after what ran in it. The member signs in, the browser
 * closes and starts anew on the profile, and the start is traced (Chromium's own trace with the
 * JavaScript sampler) for 7 s, nothing of the driver's running in the page meanwhile. Every task
 * over 50 ms is printed with the source files (through the build's hidden source maps) and
 * packages its samples fell in: where a long task's time went, which Lighthouse's `long-tasks`
 * names only by a script. Figures: the number of long tasks, their blocking time (the part of each
 * over 50 ms) and the longest, beside the aims of Lighthouse's own (issue 50).
 */
interface TraceEvent {
  name: string;
  cat?: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: TraceData };
}
interface TraceData {
  documentLoaderURL?: string;
  isLoadingMainFrame?: boolean;
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
}
interface Task {
  start: number;
  duration: number;
  /** Share of the task's samples per source file or package, largest first. */
  where: [string, number][];
}

const slowdown = 4;
const categories = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute', 'blink.user_timing'];

/** Names a sampled frame by its source (a file of src/, or a package), through the build's maps. */
function sourceNamer(outDir: string): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (url: string): SourceMapConsumer | null => {
    if (!maps.has(url)) {
      const file = /\/assets\/([^?#]+\.js)/.exec(url)?.[1];
      let map: SourceMapConsumer | null = null;
      try {
        if (file) map = new SourceMapConsumer(readFileSync(join(outDir, 'assets', `${file}.map`), 'utf8'));
      } catch {
        map = null; // no map (a remote's script): named by its file
      }
      maps.set(url, map);
    }
    return maps.get(url) ?? null;
  };
  return (frame) => {
    if (!frame.url) return `(${frame.functionName || 'browser'})`;
    const map = mapOf(frame.url);
    if (!map) return frame.url.split('/').pop() ?? frame.url;
    const source = (map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source ?? '').replace(/^(\.\.\/)+/, '');
    if (!source) return frame.url.split('/').pop() ?? frame.url;
    const packageName = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    // A build made elsewhere (OUT_DIR outside the checkout) names its sources by a longer path.
    return packageName ?? source.replace(/^.*?\/(?=(src|workers)\/)/, '');
  };
}

/** The page's long tasks (over 50 ms) in a trace, each with where its samples were. */
function longTasks(events: TraceEvent[], name: (frame: CallFrame) => string): Task[] {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.includes('/mfe-host'));
  if (!navigation) throw new Error('the trace has no navigation to /mfe-host');
  const { pid } = navigation;
  const tid = events.find((e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profile = onMain.find((e) => e.name === 'Profile');
  let ts = profile?.args?.data?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile?.id)) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
  }
  return onMain
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000 && e.ts >= navigation.ts)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const counts = new Map<string, number>();
      let total = 0;
      for (const s of samples) {
        if (s.ts < task.ts || s.ts >= end) continue;
        total += 1;
        // Each source once per sample, wherever it is on the stack (inclusive time).
        const seen = new Set<string>();
        for (let node = nodes.get(s.node); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
          const where = name(node.callFrame);
          if (seen.has(where) || where.startsWith('(')) continue;
          seen.add(where);
          counts.set(where, (counts.get(where) ?? 0) + 1);
        }
      }
      const where = [...counts].map(([w, n]): [string, number] => [w, n / Math.max(1, total)]).sort((a, b) => b[1] - a[1]);
      return { start: (task.ts - navigation.ts) / 1000, duration: (task.dur ?? 0) / 1000, where };
    });
}

/** One warm start traced in a fresh profile (the member signed in first, the browser started anew). */
async function tracedWarmStart(origin: string, outDir: string): Promise<Task[]> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-long-tasks-'));
  const flags = ['--headless=new', '--no-sandbox', '--disable-gpu'];
  let chrome: LaunchedChrome | null = null;
  let browser: Browser | null = null;
  try {
    chrome = await launch({ chromePath: chromiumPath(), userDataDir, chromeFlags: flags });
    const exited = new Promise((resolve) => chrome?.process.once('exit', resolve));
    await warmMember(origin)(chrome.port);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    chrome.kill();
    chrome = await launch({ chromePath: chromiumPath(), userDataDir, chromeFlags: flags });
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: categories.join(','), transferMode: 'ReportEvents' });
    await page.goto(`${origin}/mfe-host`, { waitUntil: 'commit' });
    // Waited out, not polled: the driver's own scripts in the page would be tasks of the trace.
    await new Promise((resolve) => setTimeout(resolve, 7000));
    await cdp.send('Tracing.end');
    await complete;
    return longTasks(events, sourceNamer(outDir));
  } finally {
    await browser?.close().catch(() => undefined);
    chrome?.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

export async function benchLongTasks(options: BenchOptions): Promise<BenchRow[]> {
  const server = await startBenchServer(options.outDir, options.harnessDir);
  try {
    const runs: Task[][] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const tasks = await tracedWarmStart(server.baseURL, options.outDir);
      runs.push(tasks);
      console.log(`  long tasks, run ${run + 1}:`);
      for (const task of tasks) {
        const where = task.where.slice(0, 6).map(([w, share]) => `${w} ${(share * 100).toFixed(0)}%`).join(', ');
        console.log(`    @${task.start.toFixed(0)} ms ${task.duration.toFixed(0)} ms: ${where || 'no script (style, layout, paint, parsing)'}`);
      }
    }
    const count = sample(runs.map((tasks) => tasks.length));
    const blocking = sample(runs.map((tasks) => tasks.reduce((sum, t) => sum + t.duration - 50, 0)));
    const longest = sample(runs.map((tasks) => Math.max(0, ...tasks.map((t) => t.duration))));
    const page = `warm /mfe-host at ${slowdown}× CPU slowdown`;
    return [
      { figure: `Long tasks, ${page}: count`, sample: count, unit: 'count', aim: '', ok: null },
      { figure: `Long tasks, ${page}: blocking time`, sample: blocking, unit: 'ms', note: 'the whole start, not only until interactive', aim: '≤ 150 ms', ok: blocking.median <= 150 },
      { figure: `Long tasks, ${page}: longest`, sample: longest, unit: 'ms', aim: '≤ 100 ms', ok: longest.median <= 100 },
    ];
  } finally {
    await server.close();
  }
}
