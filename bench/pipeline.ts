import { chromium, request as playwrightRequest, type BrowserContext, type Page } from '@playwright/test';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import { PlatformControl } from '../tests/e2e/support/platform.ts';
import type { BenchRow } from './report.ts';
import type { BenchOptions } from './setup.ts';
import { startBenchServer } from './server.ts';
import { median, ms, ratios, sample } from './stats.ts';
import { pollPage } from './poll.ts';
import { signIn } from './signIn.ts';

type Mode = 'service-worker' | 'in-page' | 'raw';
declare const benchPipeline: (mode: Mode, n: number, headers?: Record<string, string>) => Promise<number[]>;
declare const benchToken: () => Promise<string>;

/**
 * The harness page is opened before signing in: once a service worker controls a page its
 * navigation route would answer /bench/pipeline.html with the app. The worker the sign-in installs
 * then claims the already open harness (clientsClaim).
 */
export async function signedInHarness(context: BrowserContext, baseURL: string, waitForWorker: boolean): Promise<Page> {
  const harness = await context.newPage();
  await harness.goto(`${baseURL}/bench/pipeline.html`);
  const shell = await context.newPage();
  await signIn(shell, baseURL);
  if (waitForWorker) await pollPage(harness, 'navigator.serviceWorker.controller !== null');
  await shell.close();
  return harness;
}

/**
 * Benchmark: time per API call through the service-worker pipeline versus the in-page
 * pipeline. Each run times 100 calls per path, interleaved in slices of 10 so drift affects all
 * three alike; the ratio is of that run's medians, and the table shows the median ratio over the runs.
 */
export async function benchPipelineOverhead(options: BenchOptions, calls = 100, slice = 10): Promise<BenchRow[]> {
  const server = await startBenchServer(options.outDir, options.harnessDir);
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    const withWorker = await browser.newContext();
    const withoutWorker = await browser.newContext({ serviceWorkers: 'block' });
    const swPage = await signedInHarness(withWorker, server.baseURL, true);
    const pagePage = await signedInHarness(withoutWorker, server.baseURL, false);
    const token = await pagePage.evaluate(() => benchToken());
    const rawHeaders = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en-us', 'Cache-Control': 'no-cache' };

    await swPage.evaluate(() => benchPipeline('service-worker', 30));
    await pagePage.evaluate(() => benchPipeline('in-page', 30));
    await pagePage.evaluate((h) => benchPipeline('raw', 30, h), rawHeaders);
    const runs = { sw: [] as number[], page: [] as number[], raw: [] as number[] };
    for (let run = 0; run < options.runs; run += 1) {
      // Each path's calls in slices of `slice`, taking turns, so a load spike on a shared machine
      // falls on all three paths rather than on whichever ran its 100 calls at the time.
      const times = { sw: [] as number[], page: [] as number[], raw: [] as number[] };
      for (let done = 0; done < calls; done += slice) {
        const n = Math.min(slice, calls - done);
        times.sw.push(...(await swPage.evaluate((k) => benchPipeline('service-worker', k), n)));
        times.page.push(...(await pagePage.evaluate((k) => benchPipeline('in-page', k), n)));
        times.raw.push(...(await pagePage.evaluate(([k, h]) => benchPipeline('raw', k, h), [n, rawHeaders] as const)));
      }
      runs.sw.push(median(times.sw));
      runs.page.push(median(times.page));
      runs.raw.push(median(times.raw));
    }
    const sw = sample(runs.sw);
    const inPage = sample(runs.page);
    const raw = sample(runs.raw);
    const ratio = sample(ratios(runs.sw, runs.page));

    // The same comparison with 20 ms of platform latency, closer to a real network.
    const controlRequest = await playwrightRequest.newContext();
    const control = new PlatformControl(controlRequest, server.baseURL);
    await control.fault({ path: '/api/access/v1/permissions', latencyMs: 20 });
    const slow = { sw: [] as number[], page: [] as number[] };
    for (let run = 0; run < options.runs; run += 1) {
      slow.sw.push(median(await swPage.evaluate(() => benchPipeline('service-worker', 20))));
      slow.page.push(median(await pagePage.evaluate(() => benchPipeline('in-page', 20))));
    }
    await control.clearFaults();
    await controlRequest.dispose();
    return [
      {
        figure: 'service-worker / in-page time per API call',
        sample: ratio,
        unit: '×',
        note: `medians per call: service worker ${ms(sw.median)}, in-page ${ms(inPage.median)}, raw fetch ${ms(raw.median)} (${calls} calls per path per run)`,
        aim: '≤ 1.2×',
        ok: ratio.median <= 1.2,
      },
      {
        figure: '  same, with 20 ms platform latency',
        sample: sample(ratios(slow.sw, slow.page)),
        unit: '×',
        note: `medians per call: service worker ${ms(median(slow.sw))}, in-page ${ms(median(slow.page))} (20 calls per path per run)`,
        aim: '',
        ok: null,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
