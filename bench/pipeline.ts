import { execFileSync } from 'node:child_process';
import { chromium, request as playwrightRequest, type BrowserContext, type Page } from '@playwright/test';
import { startShellServer } from '../tests/e2e/support/server.ts';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import { PlatformControl } from '../tests/e2e/support/platform.ts';
import { median, ms, percentile } from './stats.ts';
import { signInAsAdmin } from './signIn.ts';

export interface BenchRow {
  figure: string;
  value: string;
  aim: string;
  ok: boolean | null;
}

type Mode = 'service-worker' | 'in-page' | 'raw';
declare const benchPipeline: (mode: Mode, n: number, headers?: Record<string, string>) => Promise<number[]>;
declare const benchToken: () => Promise<string>;

async function signedInHarness(context: BrowserContext, baseURL: string, waitForWorker: boolean): Promise<Page> {
  const page = await context.newPage();
  await signInAsAdmin(page, baseURL);
  await page.goto(`${baseURL}/bench/pipeline.html`);
  if (waitForWorker) await page.waitForFunction('navigator.serviceWorker.controller !== null');
  return page;
}

/**
 * Issue 3 benchmark: median added time per API call through the service-worker pipeline versus the
 * in-page pipeline, 500 calls each in one run, against a raw-fetch baseline.
 */
export async function benchPipelineOverhead(calls = 500, rounds = 5): Promise<BenchRow[]> {
  execFileSync('npx', ['vite', 'build', '--config', 'bench/vite.bench.config.ts', '--logLevel', 'error'], { stdio: 'inherit' });
  const server = await startShellServer(0, {}, 'dist-bench');
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    const withWorker = await browser.newContext();
    const withoutWorker = await browser.newContext({ serviceWorkers: 'block' });
    const swPage = await signedInHarness(withWorker, server.baseURL, true);
    const pagePage = await signedInHarness(withoutWorker, server.baseURL, false);
    const token = await pagePage.evaluate(() => benchToken());
    const rawHeaders = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en-us', 'Cache-Control': 'no-cache' };

    // Warm up every path, then interleave rounds so drift affects all three alike.
    await swPage.evaluate(() => benchPipeline('service-worker', 30));
    await pagePage.evaluate(() => benchPipeline('in-page', 30));
    await pagePage.evaluate((h) => benchPipeline('raw', 30, h), rawHeaders);
    const times: Record<Mode, number[]> = { 'service-worker': [], 'in-page': [], raw: [] };
    const per = Math.ceil(calls / rounds);
    for (let round = 0; round < rounds; round += 1) {
      times['service-worker'].push(...(await swPage.evaluate((n) => benchPipeline('service-worker', n), per)));
      times['in-page'].push(...(await pagePage.evaluate((n) => benchPipeline('in-page', n), per)));
      times.raw.push(...(await pagePage.evaluate(([n, h]) => benchPipeline('raw', n, h), [per, rawHeaders] as const)));
    }
    const base = median(times.raw);
    const sw = median(times['service-worker']);
    const inPage = median(times['in-page']);
    const addedSw = Math.max(sw - base, 0);
    const addedPage = Math.max(inPage - base, 0);
    console.log(
      `  pipeline: ${times.raw.length} calls per path; medians raw ${ms(base)}, in-page ${ms(inPage)}, service worker ${ms(sw)}; ` +
        `p95 in-page ${ms(percentile(times['in-page'], 95))}, service worker ${ms(percentile(times['service-worker'], 95))}`,
    );
    const totalRatio = sw / inPage;

    // The same comparison with 20 ms of platform latency, closer to a real network.
    const controlRequest = await playwrightRequest.newContext();
    const control = new PlatformControl(controlRequest, server.baseURL);
    await control.fault({ path: '/api/access/v1/permissions', latencyMs: 20 });
    const slowSw = median(await swPage.evaluate(() => benchPipeline('service-worker', 100)));
    const slowPage = median(await pagePage.evaluate(() => benchPipeline('in-page', 100)));
    await control.clearFaults();
    await controlRequest.dispose();
    return [
      { figure: 'API call via service-worker pipeline (median)', value: ms(sw), aim: '', ok: null },
      { figure: 'API call via in-page pipeline (median)', value: ms(inPage), aim: '', ok: null },
      { figure: 'added time per call, service worker vs in-page', value: `${ms(addedSw)} vs ${ms(addedPage)}`, aim: '', ok: null },
      { figure: 'service-worker / in-page time per call (ratio)', value: `${totalRatio.toFixed(2)}×`, aim: '≤ 1.2×', ok: totalRatio <= 1.2 },
      {
        figure: 'same ratio with 20 ms platform latency',
        value: `${(slowSw / slowPage).toFixed(2)}× (${ms(slowSw)} / ${ms(slowPage)})`,
        aim: '(context)',
        ok: null,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
