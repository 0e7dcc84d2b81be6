import { chromium } from '@playwright/test';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import { benchOptions, ensureBuilds } from './setup.ts';
import { startBenchServer } from './server.ts';
import { median, ms, ratios, sample } from './stats.ts';
import { signedInHarness } from './pipeline.ts';

type Mode = 'service-worker' | 'in-page' | 'raw';
declare const benchPipeline: (mode: Mode, n: number, headers?: Record<string, string>) => Promise<number[]>;
declare const benchToken: () => Promise<string>;

/**
 * `npx tsx bench/swFloor.ts [--runs N]`: what any service worker on the /api path costs, whatever
 * it does, against the in-page pipeline — the floor under the bench's "service worker / in-page"
 * figure. The app's build is copied twice with its sw.js replaced by
 * - minimal: twenty lines that add the bearer and Accept-Language and answer with fetch() (the
 *   least a worker that owns the platform calls can do);
 * - observer: a fetch listener that never answers (the browser goes to the network itself), timed
 *   with the headers already attached by the page, as `raw` is.
 * Same server, browser and harness as `npm run bench`'s pipeline figure; calls interleaved in
 * slices of 10 per path.
 */
const minimalWorker = `
let token;
const readToken = () => new Promise((resolve, reject) => {
  const open = indexedDB.open('trust-shell');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const get = open.result.transaction('kv').objectStore('kv').get('accessToken');
    get.onerror = () => reject(get.error);
    get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : undefined);
  };
});
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== location.origin || !url.pathname.startsWith('/api/')) return;
  event.respondWith((async () => {
    // Kept once there is one (the sign-in page's own calls pass here before it exists).
    token ||= await readToken();
    const headers = new Headers(event.request.headers);
    headers.set('Authorization', 'Bearer ' + token);
    headers.set('Accept-Language', 'en-us');
    return fetch(new Request(event.request, { headers }));
  })());
});
`;

const observerWorker = `
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => { new URL(event.request.url); });
`;

async function measure(variant: 'minimal' | 'observer', worker: string, runs: number, outDir: string, harnessDir: string): Promise<void> {
  const dir = `${outDir}-swfloor-${variant}`;
  rmSync(dir, { recursive: true, force: true });
  cpSync(outDir, dir, { recursive: true });
  writeFileSync(`${dir}/sw.js`, worker);
  const server = await startBenchServer(dir, harnessDir);
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    const swPage = await signedInHarness(await browser.newContext(), server.baseURL, true);
    const pagePage = await signedInHarness(await browser.newContext({ serviceWorkers: 'block' }), server.baseURL, false);
    const token = await pagePage.evaluate(() => benchToken());
    const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en-us', 'Cache-Control': 'no-cache' };
    const swMode: Mode = variant === 'minimal' ? 'service-worker' : 'raw';
    await swPage.evaluate(([m, h]) => benchPipeline(m, 30, h), [swMode, headers] as const);
    await pagePage.evaluate(() => benchPipeline('in-page', 30));
    const sw: number[] = [];
    const inPage: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const times = { sw: [] as number[], page: [] as number[] };
      for (let done = 0; done < 100; done += 10) {
        times.sw.push(...(await swPage.evaluate(([m, h]) => benchPipeline(m, 10, h), [swMode, headers] as const)));
        times.page.push(...(await pagePage.evaluate(() => benchPipeline('in-page', 10))));
      }
      sw.push(median(times.sw));
      inPage.push(median(times.page));
    }
    const ratio = sample(ratios(sw, inPage));
    console.log(
      `${variant} worker / in-page pipeline per call: ${ratio.median.toFixed(2)}× (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)} over ${runs} runs); medians ${ms(median(sw))} against ${ms(median(inPage))}`,
    );
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const options = benchOptions(process.argv.slice(2));
ensureBuilds(options);
await measure('minimal', minimalWorker, options.runs, options.outDir, options.harnessDir);
await measure('observer', observerWorker, options.runs, options.outDir, options.harnessDir);
