import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
// Lighthouse's own launcher (its dependency): Lighthouse drives the browser it starts over its debugging port.
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import type { BenchRow } from './report.ts';
import type { BenchOptions } from './setup.ts';
import { startBenchServer } from './server.ts';
import { pollPage } from './poll.ts';
import { sample } from './stats.ts';
import { signIn } from './signIn.ts';

/**
 * Benchmark: Lighthouse 12 in its default (mobile) profile — simulated slow 4G, 4× CPU slowdown,
 * a mid-range phone's screen — on Debian's Chromium, on two starts a member makes: the sign-in page
 * on a first visit (storage and caches reset, as Lighthouse does by default), and a warm
 * /mfe-host of a signed-in member (the same browser profile: signed in through the real page, the
 * service worker in control and the kept chrome stored, the browser closed and started anew on that
 * profile, then Lighthouse with `disableStorageReset`).
 * Each run is a fresh browser profile. Printed: the performance score, largest contentful paint,
 * total blocking time, cumulative layout shift and the longest main-thread task (Lighthouse's
 * `long-tasks`, on its simulated clock), each a median over the runs beside its aim.
 * `BENCH_LIGHTHOUSE_DIR=<dir>` keeps each run's full report there.
 */
interface Figures {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  longestTask: number;
  /** The script the longest task is attributed to (a build file's name), for the note. */
  longestTaskIn: string;
}

const numeric = (result: Result, id: string): number => {
  const value = result.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id}`);
  return value;
};

function figures(result: Result): Figures {
  const score = result.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score (${result.runtimeError?.message ?? 'no error given'})`);
  const details = result.audits['long-tasks']?.details;
  const tasks = details?.type === 'table' ? details.items : [];
  let longestTask = 0;
  let longestTaskIn = '';
  for (const task of tasks) {
    if (typeof task.duration === 'number' && task.duration > longestTask) {
      longestTask = task.duration;
      longestTaskIn = typeof task.url === 'string' ? (task.url.split('/').pop() ?? task.url) : '';
    }
  }
  return {
    performance: Math.round(score * 100),
    lcp: numeric(result, 'largest-contentful-paint'),
    tbt: numeric(result, 'total-blocking-time'),
    cls: numeric(result, 'cumulative-layout-shift'),
    longestTask,
    longestTaskIn,
  };
}

/** One Lighthouse run in a fresh profile; `prepare` gets the browser's debugging port first (to sign in). */
async function audit(url: string, flags: Flags, prepare?: (port: number) => Promise<void>): Promise<Figures> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  let chrome: LaunchedChrome | null = null;
  try {
    const start = () => launch({ chromePath: chromiumPath(), userDataDir, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    chrome = await start();
    if (prepare) {
      // The member comes back to a browser started anew on the same profile: in the browser that
      // signed in, the page's renderer would be the warm-up page's (its heap, its documents), and
      // Lighthouse's debugger, enabled there, walks that heap in the first task (135 ms of it).
      const exited = new Promise((resolve) => chrome?.process.once('exit', resolve));
      await prepare(chrome.port);
      // A browser that does not close within 10 s is killed (its profile is then as it was written so far).
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (chrome.process.exitCode === null && chrome.process.signalCode === null) chrome.kill();
      chrome = await start();
    }
    const runner = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...flags });
    if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
    // BENCH_LIGHTHOUSE_DIR keeps each run's full report (its trace-based diagnostics: where the time went).
    const keep = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keep) writeFileSync(join(keep, `${new URL(url).pathname.slice(1)}-${flags.disableStorageReset ? 'warm' : 'first'}-${Date.now()}.json`), JSON.stringify(runner.lhr));
    return figures(runner.lhr);
  } finally {
    chrome?.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** Signs the member in through the page in the profile Lighthouse will use, leaves it warm, and closes the browser. */
export function warmMember(origin: string) {
  return async (port: number): Promise<void> => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const context = browser.contexts()[0]!;
      const page = await context.newPage();
      await signIn(page, origin);
      await pollPage(page, 'navigator.serviceWorker.controller !== null');
      // A start under the service worker keeps the bar as it is shown (the next start's kept copy).
      await page.goto(`${origin}/mfe-host`);
      await page.getByTestId('user-name').waitFor();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await page.close();
      // Closed as a member closes it (not killed): what the profile keeps is written out.
      await (await browser.newBrowserCDPSession()).send('Browser.close');
    } finally {
      await browser.close();
    }
  };
}

function rows(page: string, runs: Figures[]): BenchRow[] {
  const of = (field: keyof Omit<Figures, 'longestTaskIn'>) => sample(runs.map((r) => r[field]));
  const performance = of('performance');
  const lcp = of('lcp');
  const tbt = of('tbt');
  const cls = of('cls');
  const longest = of('longestTask');
  const where = [...new Set(runs.map((r) => r.longestTaskIn).filter(Boolean))].join(', ');
  return [
    { figure: `Lighthouse mobile, ${page}: performance`, sample: performance, unit: 'points', aim: '≥ 98', ok: performance.median >= 98 },
    { figure: `Lighthouse mobile, ${page}: largest contentful paint`, sample: lcp, unit: 'ms', aim: '', ok: null },
    { figure: `Lighthouse mobile, ${page}: total blocking time`, sample: tbt, unit: 'ms', aim: '≤ 150 ms', ok: tbt.median <= 150 },
    { figure: `Lighthouse mobile, ${page}: cumulative layout shift`, sample: cls, unit: 'shift', aim: '≤ 0.02', ok: cls.median <= 0.02 },
    {
      figure: `Lighthouse mobile, ${page}: longest task`,
      sample: longest,
      unit: 'ms',
      note: where ? `in ${where}` : 'no task over 50 ms',
      aim: '≤ 100 ms',
      ok: longest.median <= 100,
    },
  ];
}

/**
 * On a loaded machine Lighthouse now and then finds no navigation in its trace (NO_NAVSTART) and,
 * as its message says, wants to be run again: one more run (a fresh profile), then the error stands.
 */
async function againOnce(run: () => Promise<Figures>): Promise<Figures> {
  try {
    return await run();
  } catch (error) {
    console.log(`  lighthouse: one run failed (${error instanceof Error ? error.message : String(error)}), running it again`);
    return run();
  }
}

export async function benchLighthouse(options: BenchOptions): Promise<BenchRow[]> {
  const server = await startBenchServer(options.outDir, options.harnessDir);
  const origin = server.baseURL;
  try {
    const auth: Figures[] = [];
    const warm: Figures[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      auth.push(await againOnce(() => audit(`${origin}/auth`, {})));
      warm.push(await againOnce(() => audit(`${origin}/mfe-host`, { disableStorageReset: true }, warmMember(origin))));
    }
    return [...rows('/auth first visit', auth), ...rows('warm /mfe-host', warm)];
  } finally {
    await server.close();
  }
}
