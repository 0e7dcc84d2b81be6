import { chromium, request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import { PlatformControl } from '../tests/e2e/support/platform.ts';
import type { BenchRow } from './report.ts';
import type { BenchOptions } from './setup.ts';
import { startBenchServer } from './server.ts';
import { pollPage } from './poll.ts';
import { median, sample } from './stats.ts';
import { signIn } from './signIn.ts';

/**
 * Benchmark: platform calls per reload with N tabs of one member reloaded together (issue 47), from
 * the emulator's request log. Reads are what the service worker shares (pipeline/core/sharedReads):
 * ten tabs should ask the platform what one asks. Writes are never shared; the start's one (the
 * date-format read the contract makes a POST) is reported beside.
 */
const tabCounts = [1, 5, 10];
/** Longer than the worker keeps a start-up answer (startupReadWindowMs), so the tabs' own starts before the reload answer none of it. */
const settleMs = 4_000;
/** The log has not grown for this long: the reload's calls are all in. */
const quietMs = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function shows(page: Page): Promise<void> {
  await page.locator('[data-testid="user-name"]:not(:empty)').waitFor({ timeout: 60_000 });
}

async function quiet(platform: PlatformControl): Promise<void> {
  let count = -1;
  for (;;) {
    const now = (await platform.log()).length;
    if (now === count) return;
    count = now;
    await sleep(quietMs);
  }
}

async function callsPerReload(browser: Browser, baseURL: string, platform: PlatformControl, tabs: number): Promise<{ reads: number; writes: number; mostPerRead: number }> {
  await platform.reset();
  const context = await browser.newContext();
  try {
    const pages: Page[] = [await context.newPage()];
    await signIn(pages[0]!, baseURL);
    await pollPage(pages[0]!, 'navigator.serviceWorker.controller !== null', 60_000);
    for (let i = 1; i < tabs; i += 1) pages.push(await context.newPage());
    for (const page of pages.slice(1)) await page.goto(`${baseURL}/mfe-host`);
    for (const page of pages) await shows(page);
    await quiet(platform);
    await sleep(settleMs);
    await platform.clearLog();
    await Promise.all(pages.map((page) => page.reload()));
    for (const page of pages) await shows(page);
    await quiet(platform);
    const log = (await platform.log({ path: '/api/' })).filter((call) => !call.path.endsWith('/oauth/token'));
    const reads = log.filter((call) => call.method === 'GET');
    const perRead = new Map<string, number>();
    for (const call of reads) perRead.set(call.path, (perRead.get(call.path) ?? 0) + 1);
    return { reads: reads.length, writes: log.length - reads.length, mostPerRead: Math.max(0, ...perRead.values()) };
  } finally {
    await context.close();
  }
}

export async function benchReloadCalls(options: BenchOptions): Promise<BenchRow[]> {
  const server = await startBenchServer(options.outDir, options.harnessDir);
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  const controlRequest = await playwrightRequest.newContext();
  const platform = new PlatformControl(controlRequest, server);
  try {
    const reads = new Map<number, number[]>();
    const notes = new Map<number, string[]>();
    for (let run = 0; run < options.runs; run += 1) {
      for (const tabs of tabCounts) {
        const outcome = await callsPerReload(browser, server.baseURL, platform, tabs);
        reads.set(tabs, [...(reads.get(tabs) ?? []), outcome.reads]);
        notes.set(tabs, [...(notes.get(tabs) ?? []), `${outcome.reads} reads (≤ ${outcome.mostPerRead} per read) + ${outcome.writes} POST`]);
      }
    }
    const oneTab = median(reads.get(1)!);
    return tabCounts.map((tabs) => ({
      figure: `platform calls per reload, ${tabs} tab${tabs > 1 ? 's' : ''} (GET)`,
      sample: sample(reads.get(tabs)!),
      unit: 'calls',
      note: `per run: ${notes.get(tabs)!.join('; ')}`,
      aim: tabs === 1 ? 'baseline' : '= 1 tab',
      ok: tabs === 1 || median(reads.get(tabs)!) <= oneTab,
    }));
  } finally {
    await controlRequest.dispose();
    await browser.close();
    await server.close();
  }
}
