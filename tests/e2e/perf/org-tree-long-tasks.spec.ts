import type { Page } from '@playwright/test';
import { test, expect, waitForServiceWorker } from '../fixtures.ts';
import { de, initPath, openPicker, orgTreeMark, picker, tree } from '../support/orgTree.ts';

// Offline recovery runs through the service worker (the config blocks it by default).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 5 item 4: with the 50,000-organisation tenant no main-thread task over 50 ms while the tree
 * loads and the picker opens. A timing check, so it runs in its own Playwright project after every
 * other browser test (playwright.config.ts): alone on the machine, not beside another test's browser.
 */
interface LongTask {
  start: number;
  duration: number;
}

const longest = (tasks: LongTask[]) => Math.round(Math.max(0, ...tasks.map((t) => t.duration)));

/** The long tasks the page's observer has seen (see the 50,000 test), and the page's time now. */
function longTasksUntilNow(page: Page): Promise<{ tasks: LongTask[]; now: number }> {
  return page.evaluate(() => ({ tasks: [...(window as unknown as { longTasks: LongTask[] }).longTasks], now: performance.now() }));
}

/** The organisation-tree worker's init requests, in the page's time (the worker has its own time origin). */
async function initTimings(page: Page): Promise<{ start: number; end: number }[]> {
  const worker = page.workers().find((w) => w.url().includes('orgTree.worker'));
  if (!worker) return [];
  const pageOrigin = await page.evaluate(() => performance.timeOrigin);
  const { origin, entries } = await worker.evaluate((path) => {
    const all = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return { origin: performance.timeOrigin, entries: all.filter((e) => e.name.includes(path)).map((e) => ({ start: e.startTime, end: e.responseEnd })) };
  }, initPath);
  return entries.map((e) => ({ start: origin + e.start - pageOrigin, end: origin + e.end - pageOrigin }));
}

test.describe('organisation tree (long tasks)', () => {
  test('50,000 organisations: no main-thread task over 50 ms while the tree loads and the picker opens and searches', async ({ page, context, signIn, platform }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => {
      const w = window as unknown as { longTasks: LongTask[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const search = async () => {
      await openPicker(page, de);
      await page.getByRole('searchbox', { name: de.SearchOrganisations }).fill('site 9.9.9.9');
      await expect(tree(page, de).getByRole('treeitem')).toHaveCount(1);
      await expect(tree(page, de).getByRole('treeitem')).toContainText('Site 9.9.9.9');
    };

    // First load: from the init request's start (the shell's own boot before it is not the tree)
    // to the search results.
    await signIn(page, 'bigorg@acme.test');
    await expect(picker(page, de)).toContainText('Globex Holdings', { timeout: 30_000 });
    await search();
    const first = await longTasksUntilNow(page);
    const firstInit = (await initTimings(page)).at(-1);
    expect(firstInit).toBeDefined();
    const sinceInit = first.tasks.filter((t) => t.start + t.duration >= firstInit!.start);
    console.log(
      `bigorg first load: longest main-thread task ${longest(first.tasks)} ms since the page started; ${longest(sinceInit)} ms from the init request's start ` +
        `(${firstInit!.start.toFixed(0)} ms, body in by ${firstInit!.end.toFixed(0)} ms) to the search results (${first.now.toFixed(0)} ms): ${JSON.stringify(sinceInit)}`,
    );
    expect(sinceInit.filter((t) => t.duration > 50)).toEqual([]);
    await page.keyboard.press('Escape');

    // The tree loads again on the started shell: offline, then online, the shell reloads its state
    // (recovery), init and the tree included.
    expect((await platform.log({ path: initPath, method: 'GET' })).map((r) => r.status)).toEqual([200]);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: de.Offline! })).toBeVisible();
    await platform.clearLog();
    const windowStart = await page.evaluate(() => performance.now());
    await context.setOffline(false);
    // The tree is in when the page publishes it (a User Timing mark, see orgTreeService).
    const ready = async () =>
      page.evaluate(
        ([mark, since]) => (performance.getEntriesByName(mark) as PerformanceMark[]).find((m) => m.startTime > since && (m.detail as { count: number }).count >= 50_000)?.startTime ?? null,
        [orgTreeMark, windowStart] as const,
      );
    await expect.poll(ready, { timeout: 30_000 }).not.toBeNull();
    await search();
    const recovery = await longTasksUntilNow(page);
    const recoveryInit = (await initTimings(page)).at(-1)!;
    // Window asserted: from going back online (just before the recovery's init request starts)
    // through the tree built and published, the picker opened and the search results shown. Every
    // main-thread task that overlaps it counts; nothing is left out.
    const inWindow = recovery.tasks.filter((t) => t.start + t.duration >= windowStart && t.start <= recovery.now);
    console.log(
      `bigorg recovery reload: window ${windowStart.toFixed(0)}–${recovery.now.toFixed(0)} ms (init ${recoveryInit.start.toFixed(0)}–${recoveryInit.end.toFixed(0)} ms, tree ready ${(await ready())!.toFixed(0)} ms): ` +
        `longest ${longest(inWindow)} ms, tasks ${JSON.stringify(inWindow)}`,
    );
    expect(recoveryInit.start).toBeGreaterThan(windowStart);
    expect(inWindow.filter((t) => t.duration > 50)).toEqual([]);

    // The worker fetched init itself, through the service worker's pipeline (bearer), and the page
    // never held its body.
    const inits = await platform.log({ path: initPath, method: 'GET' });
    expect(inits.map((r) => [r.status, /^Bearer \S+$/.test(r.headers.authorization ?? '')])).toEqual([[200, true]]);
    expect(await page.evaluate((path) => performance.getEntriesByType('resource').some((e) => e.name.includes(path)), initPath)).toBe(false);
  });
});
