import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import type { BenchRow } from './report.ts';
import type { BenchOptions } from './setup.ts';
import { startBenchServer } from './server.ts';
import { ms, ratios, sample } from './stats.ts';
import { pollPage } from './poll.ts';
import { signIn } from './signIn.ts';

/**
 * Benchmark: time from navigation to the member's name on screen, cold (no service worker,
 * empty caches; the stored session stays) and warm (service worker and its caches), for the shell
 * and for a bare React page built by the same toolchain (bench/bare.html). The time is taken in the
 * page (performance.now(), whose origin is the navigation start) when the name first appears.
 * Adds the offline warm start (network off, everything from the service worker and the
 * last known state) against the online warm start, in the same runs. Each ratio is taken within a
 * run (both sides measured back to back), and the table shows the median over the runs.
 */
const nameShown = `
  new MutationObserver(() => {
    const el = document.querySelector('[data-testid="user-name"]');
    if (el && el.textContent.trim() && !('__nameShownAt' in window)) window.__nameShownAt = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

async function timeNavigation(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await pollPage(page, "'__nameShownAt' in window");
    return await page.evaluate<number>('window.__nameShownAt');
  } finally {
    await page.close();
  }
}

/** Service workers, Cache Storage and the HTTP cache gone; IndexedDB and local storage (the session) kept. */
async function makeCold(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
}

async function signedInContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript({ content: nameShown });
  const page = await context.newPage();
  await signIn(page, baseURL);
  await pollPage(page, 'navigator.serviceWorker.controller !== null');
  await page.close();
  return context;
}

export async function benchStartup(options: BenchOptions): Promise<BenchRow[]> {
  const server = await startBenchServer(options.outDir, options.harnessDir);
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  const origin = server.baseURL;
  try {
    const shell = await signedInContext(browser, origin);
    // The bare page must not be answered by the shell's service worker (it would serve the app).
    const bare = await browser.newContext({ serviceWorkers: 'block' });
    await bare.addInitScript({ content: nameShown });
    const times = { shellCold: [] as number[], shellWarm: [] as number[], shellOffline: [] as number[], bareCold: [] as number[], bareWarm: [] as number[] };
    for (let run = 0; run < options.runs; run += 1) {
      await makeCold(shell, origin);
      times.shellCold.push(await timeNavigation(shell, `${origin}/mfe-host`));
      // Let the new service worker install and take control, then time a warm start.
      const waiter = await shell.newPage();
      await waiter.goto(`${origin}/mfe-host`);
      await pollPage(waiter, 'navigator.serviceWorker.controller !== null');
      await waiter.close();
      times.shellWarm.push(await timeNavigation(shell, `${origin}/mfe-host`));
      await shell.setOffline(true);
      times.shellOffline.push(await timeNavigation(shell, `${origin}/mfe-host`));
      await shell.setOffline(false);
      await makeCold(bare, origin);
      times.bareCold.push(await timeNavigation(bare, `${origin}/bench/bare.html`));
      times.bareWarm.push(await timeNavigation(bare, `${origin}/bench/bare.html`));
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, sample(v).median])) as Record<keyof typeof times, number>;
    const cold = sample(ratios(times.shellCold, times.bareCold));
    const warm = sample(ratios(times.shellWarm, times.bareWarm));
    const offline = sample(ratios(times.shellOffline, times.shellWarm));
    return [
      {
        figure: 'cold start, shell / bare React page',
        sample: cold,
        unit: '×',
        note: `navigation to member name, medians: shell ${ms(m.shellCold)}, bare page ${ms(m.bareCold)} (no service worker, empty caches)`,
        aim: '',
        ok: null,
      },
      {
        figure: 'warm start, shell / bare React page',
        sample: warm,
        unit: '×',
        note: `medians: shell ${ms(m.shellWarm)} (service worker), bare page ${ms(m.bareWarm)} (HTTP cache)`,
        aim: '≤ 1.5×',
        ok: warm.median <= 1.5,
      },
      {
        figure: 'warm start offline / online, shell',
        sample: offline,
        unit: '×',
        note: `medians: offline ${ms(m.shellOffline)}, online ${ms(m.shellWarm)}`,
        aim: '≤ 1.0× (offline no slower)',
        ok: offline.median <= 1,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
