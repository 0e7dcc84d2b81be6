import { test, expect } from './fixtures.ts';
import { de } from './support/catalogues.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { initPath, openPicker, orgTreeMark, picker, tree } from './support/orgTree.ts';
import { memberCredential } from './support/credentials.ts';

// The worker's init request goes through the service worker's pipeline (the config blocks it by default).
test.use({ serviceWorkers: 'allow' });

/**
 * The 50,000-organisation tenant: what keeps the main thread free, checked as behaviour. How long
 * its tasks take is a figure of `npm run bench` (bench/orgTree.ts), never an assertion here: on a
 * shared 2-core machine a duration check fails by chance.
 */
test.describe('organisation tree (50,000 organisations)', () => {
  test('init is fetched and parsed in the worker, never on the main thread; the picker renders a window of rows, not 50,000', async ({ page, context, signedIn, platform }) => {
    const search = async () => {
      await openPicker(page, de);
      // Only a window of the 50,000 rows is in the DOM.
      await expect(tree(page, de).getByRole('treeitem').first()).toBeVisible();
      expect(await tree(page, de).getByRole('treeitem').count()).toBeLessThan(200);
      await page.getByRole('searchbox', { name: de.SearchOrganisations }).fill('site 9.9.9.9');
      await expect(tree(page, de).getByRole('treeitem')).toHaveCount(1);
      await expect(tree(page, de).getByRole('treeitem')).toContainText('Site 9.9.9.9');
      await page.keyboard.press('Escape');
    };
    const published = () =>
      page.evaluate((mark) => (performance.getEntriesByName(mark) as PerformanceMark[]).map((m) => (m.detail as { count: number }).count), orgTreeMark);
    const pageFetchedInit = () => page.evaluate((path) => performance.getEntriesByType('resource').some((e) => e.name.includes(path)), initPath);

    await signedIn(page, 'bigorg@acme.test');
    await expect(picker(page, de)).toContainText('Globex Holdings', { timeout: 30_000 });
    await search();
    expect(await published()).toContain(50_000);

    // The tree loads again on the started shell: offline, then online, the shell reloads its state
    // (recovery), init and the tree included.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: de.Offline! })).toBeVisible();
    await platform.clearLog();
    const before = (await published()).length;
    await context.setOffline(false);
    await expect.poll(async () => (await published()).slice(before), { timeout: 30_000 }).toContain(50_000);
    await search();

    // The worker fetched init itself, through the service worker's pipeline (bearer); the page never
    // requested it, so its 7 MB body was never on the main thread.
    const inits = await platform.log({ path: initPath, method: 'GET' });
    expect(inits.map((r) => [r.status, memberCredential().test(r.headers.authorization ?? '')])).toEqual([[200, true]]);
    expect(await pageFetchedInit()).toBe(false);
    const worker = page.workers().find((w) => w.url().includes('orgTree.worker'));
    expect(worker).toBeDefined();
    expect(await worker!.evaluate((path) => performance.getEntriesByType('resource').filter((e) => e.name.includes(path)).length, initPath)).toBeGreaterThanOrEqual(1);
  });
});
