import { chromium, request as playwrightRequest, type BrowserContext, type Page } from '@playwright/test';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import { PlatformControl } from '../tests/e2e/support/platform.ts';
import type { BenchRow } from './report.ts';
import type { BenchOptions } from './setup.ts';
import { startBenchServer } from './server.ts';
import { median, ms, ratios, sample } from './stats.ts';
import { pollPage } from './poll.ts';
import { signIn } from './signIn.ts';

type Mode = 'shell' | 'service-worker' | 'in-page' | 'raw';
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
 * Benchmark: time per API call with a service worker controlling the page versus the in-page
 * pipeline without one: the shell's own call (a non-cacheable read, which the page prepares and
 * which skips the worker) and a call the worker runs through its pipeline. Each run times 100 calls
 * per path, interleaved in slices of 10 so drift affects all alike; a ratio is of that run's
 * medians, and the table shows the median ratio over the runs.
 */
export async function benchPipelineOverhead(options: BenchOptions, calls = 100, slice = 10): Promise<BenchRow[]> {
  const server = await startBenchServer(options.outDir, options.harnessDir);
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  const controlRequest = await playwrightRequest.newContext();
  const control = new PlatformControl(controlRequest, server);
  try {
    // Two members' browsers signed in while the platform answers Bearer tokens, the measured ones
    // with DPoP (the emulator's default, contract "Sender-constrained tokens"): the difference per
    // call is the proof, signed where the pipeline runs.
    await control.dpop({ enabled: false });
    const bearerSw = await signedInHarness(await browser.newContext(), server.baseURL, true);
    const bearerPage = await signedInHarness(await browser.newContext({ serviceWorkers: 'block' }), server.baseURL, false);
    await control.dpop({ enabled: true });
    const withWorker = await browser.newContext();
    const withoutWorker = await browser.newContext({ serviceWorkers: 'block' });
    const swPage = await signedInHarness(withWorker, server.baseURL, true);
    const pagePage = await signedInHarness(withoutWorker, server.baseURL, false);
    // The raw baseline sends a Bearer token as it is (a DPoP one would need a fresh proof per call).
    const token = await bearerPage.evaluate(() => benchToken());
    const rawHeaders = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en-us', 'Cache-Control': 'no-cache' };
    await bearerSw.evaluate(() => benchPipeline('service-worker', 30));
    await bearerPage.evaluate(() => benchPipeline('in-page', 30));

    await swPage.evaluate(() => benchPipeline('shell', 30));
    await swPage.evaluate(() => benchPipeline('service-worker', 30));
    await pagePage.evaluate(() => benchPipeline('in-page', 30));
    await pagePage.evaluate((h) => benchPipeline('raw', 30, h), rawHeaders);
    const runs = { shell: [] as number[], sw: [] as number[], page: [] as number[], raw: [] as number[], swBearer: [] as number[], pageBearer: [] as number[] };
    for (let run = 0; run < options.runs; run += 1) {
      // Each path's calls in slices of `slice`, taking turns, so a load spike on a shared machine
      // falls on every path rather than on whichever ran its 100 calls at the time.
      const times = { shell: [] as number[], sw: [] as number[], page: [] as number[], raw: [] as number[], swBearer: [] as number[], pageBearer: [] as number[] };
      for (let done = 0; done < calls; done += slice) {
        const n = Math.min(slice, calls - done);
        times.shell.push(...(await swPage.evaluate((k) => benchPipeline('shell', k), n)));
        times.sw.push(...(await swPage.evaluate((k) => benchPipeline('service-worker', k), n)));
        times.page.push(...(await pagePage.evaluate((k) => benchPipeline('in-page', k), n)));
        times.raw.push(...(await bearerPage.evaluate(([k, h]) => benchPipeline('raw', k, h), [n, rawHeaders] as const)));
        times.swBearer.push(...(await bearerSw.evaluate((k) => benchPipeline('service-worker', k), n)));
        times.pageBearer.push(...(await bearerPage.evaluate((k) => benchPipeline('in-page', k), n)));
      }
      runs.swBearer.push(median(times.swBearer));
      runs.pageBearer.push(median(times.pageBearer));
      runs.shell.push(median(times.shell));
      runs.sw.push(median(times.sw));
      runs.page.push(median(times.page));
      runs.raw.push(median(times.raw));
    }
    const shell = sample(runs.shell);
    const sw = sample(runs.sw);
    const inPage = sample(runs.page);
    const raw = sample(runs.raw);
    const ratio = sample(ratios(runs.shell, runs.page));
    const workerRatio = sample(ratios(runs.sw, runs.page));

    // What a DPoP proof adds to a call, per run: the DPoP session's median less the Bearer one's.
    const proofInPage = sample(runs.page.map((t, i) => t - (runs.pageBearer[i] ?? t)));
    const proofInWorker = sample(runs.sw.map((t, i) => t - (runs.swBearer[i] ?? t)));

    // The same comparison with 20 ms of platform latency, closer to a real network.
    await control.fault({ path: '/api/access/v1/permissions', latencyMs: 20 });
    const slow = { shell: [] as number[], sw: [] as number[], page: [] as number[] };
    for (let run = 0; run < options.runs; run += 1) {
      slow.shell.push(median(await swPage.evaluate(() => benchPipeline('shell', 20))));
      slow.sw.push(median(await swPage.evaluate(() => benchPipeline('service-worker', 20))));
      slow.page.push(median(await pagePage.evaluate(() => benchPipeline('in-page', 20))));
    }
    await control.clearFaults();
    return [
      {
        figure: 'service-worker / in-page time per API call',
        sample: ratio,
        unit: '×',
        note: `a non-cacheable read through apiFetch, medians per call: with a service worker ${ms(shell.median)}, in-page ${ms(inPage.median)}, raw fetch ${ms(raw.median)} (${calls} calls per path per run)`,
        aim: '≤ 1.2×',
        ok: ratio.median <= 1.2,
      },
      {
        figure: '  same, with 20 ms platform latency',
        sample: sample(ratios(slow.shell, slow.page)),
        unit: '×',
        note: `medians per call: with a service worker ${ms(median(slow.shell))}, in-page ${ms(median(slow.page))} (20 calls per path per run)`,
        aim: '',
        ok: null,
      },
      {
        figure: '  DPoP proof per call, in the page',
        sample: proofInPage,
        unit: 'ms',
        note: `a call in the page: DPoP session ${ms(median(runs.page))}, Bearer session ${ms(median(runs.pageBearer))} (the proof is signed where the pipeline runs, by the session's non-extractable key)`,
        aim: '',
        ok: null,
      },
      {
        figure: '  DPoP proof per call, in the worker',
        sample: proofInWorker,
        unit: 'ms',
        note: `a call the worker prepares: DPoP session ${ms(median(runs.sw))}, Bearer session ${ms(median(runs.swBearer))}`,
        aim: '',
        ok: null,
      },
      {
        figure: '  a call the worker prepares / in-page',
        sample: workerRatio,
        unit: '×',
        note: `a plain fetch the worker runs through its pipeline (cacheable reads, writes, a screen's own fetch), medians per call: ${ms(sw.median)}; with 20 ms latency ${ms(median(slow.sw))}`,
        aim: '',
        ok: null,
      },
    ];
  } finally {
    await controlRequest.dispose();
    await browser.close();
    await server.close();
  }
}
