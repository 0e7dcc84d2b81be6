import { chromium, request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import { PlatformControl } from '../tests/e2e/support/platform.ts';
import type { BenchRow } from './report.ts';
import type { BenchOptions } from './setup.ts';
import { startBenchServer } from './server.ts';
import { sample } from './stats.ts';
import { signIn } from './signIn.ts';

/**
 * Benchmark: refresh-token grants the platform receives per auto-refresh interval with N
 * tabs of one session open, counted from the emulator's request log. The interval is fixed (240 s,
 * src/session/page/autoRefresh.ts), so the browser's clock and the platform's are moved together in
 * jumps (as tests/e2e/session.spec.ts does) with a 300 s access lifetime, the one the interval is
 * 0.8 of: any refresh beyond the one tab's would be a tab refreshing on its own. A pointer move
 * before each jump keeps the member active (no idle sign-out).
 */
const tabCounts = [1, 3, 5, 10];
const intervals = 4;
const intervalMs = 240_000;

/** Refresh grants in the emulator's log (as tests/e2e/support/session.ts counts them; that file needs the DOM lib). */
async function countRefreshes(platform: PlatformControl): Promise<number> {
  const grants = await platform.log({ path: '/api/access/v1/oauth/token', method: 'POST' });
  return grants.filter((r) => (r.body as { grant_type?: string } | null)?.grant_type === 'refresh_token').length;
}

async function until(check: () => boolean, timeoutMs = 30_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

async function refreshesPerInterval(browser: Browser, baseURL: string, platform: PlatformControl, tabs: number): Promise<{ perInterval: number[]; leaders: number }> {
  await platform.reset();
  await platform.lifetimes({ accessTtlSeconds: 300 });
  const context = await browser.newContext();
  try {
    await context.clock.install();
    const runs: string[] = [];
    context.on('console', (m) => {
      const match = /^auto-refresh (\S+): \w/.exec(m.text());
      if (match) runs.push(match[1]!);
    });
    const pages: Page[] = [await context.newPage()];
    await signIn(pages[0]!, baseURL);
    for (let i = 1; i < tabs; i += 1) {
      const page = await context.newPage();
      await page.goto(`${baseURL}/mfe-host`);
      await page.locator('[data-testid="user-name"]:not(:empty)').waitFor({ timeout: 60_000 });
      pages.push(page);
    }
    let advancedMs = 0;
    const advance = async (stepMs: number) => {
      await pages[0]!.mouse.move(10 + (advancedMs % 200), 10);
      advancedMs += stepMs;
      await platform.clock(Math.round(advancedMs / 1000));
      await context.clock.fastForward(stepMs);
    };
    // The first run (3 s after the leading tab started) may already have happened while tabs opened.
    await advance(3000);
    if (!(await until(() => runs.length >= 1))) throw new Error(`${tabs} tabs: no auto-refresh run`);
    const perInterval: number[] = [];
    let before = await countRefreshes(platform);
    for (let k = 1; k <= intervals; k += 1) {
      const expected = runs.length + 1;
      await advance(intervalMs);
      await until(() => runs.length >= expected);
      // Any other refresh this step caused (a 401 retry elsewhere) comes just after: let it land.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = await countRefreshes(platform);
      perInterval.push(now - before);
      before = now;
    }
    return { perInterval, leaders: new Set(runs).size };
  } finally {
    await context.close();
  }
}

export async function benchRefresh(options: BenchOptions): Promise<BenchRow[]> {
  const server = await startBenchServer(options.outDir, options.harnessDir);
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  const controlRequest = await playwrightRequest.newContext();
  const platform = new PlatformControl(controlRequest, server);
  try {
    const rows: BenchRow[] = [];
    for (const tabs of tabCounts) {
      const { perInterval, leaders } = await refreshesPerInterval(browser, server.baseURL, platform, tabs);
      const s = sample(perInterval);
      rows.push({
        figure: `refresh requests per interval, ${tabs} tab${tabs > 1 ? 's' : ''}`,
        sample: s,
        unit: '/interval',
        note: `n = ${intervals} intervals of 240 s; per interval ${perInterval.join(', ')}; auto-refresh ran in ${leaders} tab${leaders > 1 ? 's' : ''}`,
        aim: 'exactly 1',
        ok: perInterval.every((c) => c === 1),
      });
    }
    return rows;
  } finally {
    await controlRequest.dispose();
    await browser.close();
    await server.close();
  }
}
