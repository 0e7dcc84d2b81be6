import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { startShellServer } from '../tests/e2e/support/server.ts';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import { median, ms } from './stats.ts';
import { signInAsAdmin } from './signIn.ts';
import type { BenchRow } from './pipeline.ts';

/**
 * Issue 5 benchmark: time from navigation to the member's name on screen, cold (no service worker,
 * empty caches; the stored session stays) and warm (service worker and its caches), for the shell
 * and for a bare React page built by the same toolchain (bench/bare.html). The time is taken in the
 * page (performance.now(), whose origin is the navigation start) when the name first appears.
 * Issue 7 adds the offline warm start (network off, everything from the service worker and the
 * last known state) against the online warm start, in the same runs.
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
    await page.waitForFunction("'__nameShownAt' in window", undefined, { timeout: 30_000 });
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
  await signInAsAdmin(page, baseURL);
  await page.waitForFunction('navigator.serviceWorker.controller !== null');
  await page.close();
  return context;
}

export async function benchStartup(runs = 5): Promise<BenchRow[]> {
  execFileSync('npx', ['vite', 'build', '--config', 'bench/vite.bench.config.ts', '--logLevel', 'error'], { stdio: 'inherit' });
  const server = await startShellServer(0, {}, 'dist-bench');
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  const origin = server.baseURL;
  try {
    const shell = await signedInContext(browser, origin);
    // The bare page must not be answered by the shell's service worker (it would serve the app).
    const bare = await browser.newContext({ serviceWorkers: 'block' });
    await bare.addInitScript({ content: nameShown });
    const times = { shellCold: [] as number[], shellWarm: [] as number[], shellOffline: [] as number[], bareCold: [] as number[], bareWarm: [] as number[] };
    for (let run = 0; run < runs; run += 1) {
      await makeCold(shell, origin);
      times.shellCold.push(await timeNavigation(shell, `${origin}/mfe-host`));
      // Let the new service worker install and take control, then time a warm start.
      const waiter = await shell.newPage();
      await waiter.goto(`${origin}/mfe-host`);
      await waiter.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 });
      await waiter.close();
      times.shellWarm.push(await timeNavigation(shell, `${origin}/mfe-host`));
      await shell.setOffline(true);
      times.shellOffline.push(await timeNavigation(shell, `${origin}/mfe-host`));
      await shell.setOffline(false);
      await makeCold(bare, origin);
      times.bareCold.push(await timeNavigation(bare, `${origin}/bench/bare.html`));
      times.bareWarm.push(await timeNavigation(bare, `${origin}/bench/bare.html`));
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<keyof typeof times, number>;
    console.log(
      `  start-up: ${runs} runs each; medians shell cold ${ms(m.shellCold)}, warm ${ms(m.shellWarm)}, offline warm ${ms(m.shellOffline)}; bare page cold ${ms(m.bareCold)}, warm ${ms(m.bareWarm)}`,
    );
    const warmRatio = m.shellWarm / m.bareWarm;
    const offlineRatio = m.shellOffline / m.shellWarm;
    return [
      { figure: 'start to member name, shell cold / warm (median)', value: `${ms(m.shellCold)} / ${ms(m.shellWarm)}`, aim: '', ok: null },
      { figure: 'start to member name, bare React page cold / warm', value: `${ms(m.bareCold)} / ${ms(m.bareWarm)}`, aim: '', ok: null },
      { figure: 'cold start, shell / bare page (ratio)', value: `${(m.shellCold / m.bareCold).toFixed(2)}×`, aim: '(context)', ok: null },
      { figure: 'warm start, shell / bare page (ratio)', value: `${warmRatio.toFixed(2)}×`, aim: '≤ 1.5×', ok: warmRatio <= 1.5 },
      { figure: 'warm start offline / online, shell (median ratio)', value: `${ms(m.shellOffline)} / ${ms(m.shellWarm)} = ${offlineRatio.toFixed(2)}×`, aim: '≤ 1.0× (offline no slower)', ok: offlineRatio <= 1 },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
