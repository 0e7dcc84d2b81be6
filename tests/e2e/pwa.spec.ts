import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { chromiumPath } from './support/browser.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';

// The service worker is part of what these tests check (the config blocks it by default).
test.use({ serviceWorkers: 'allow' });

test.describe('installable, offline-capable shell', () => {
  test('the worker registers after the first screen, loads workbox-window and the update watch; offline reload works', async ({
    page,
    context,
  }) => {
    await test.step('the worker registers after the first screen; workbox-window and the update watch load once it controls the page', async () => {
      // When the sign-in form first shows, on the page's own clock (the one resource timing uses).
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (!('__formAt' in window) && document.querySelector('input[type="email"]')) Object.assign(window, { __formAt: performance.now() });
        }).observe(document, { subtree: true, childList: true });
      });
      await page.goto('/auth');
      await waitForServiceWorker(page);
      const loaded = () =>
        page.evaluate(() => ({
          formAt: (window as { __formAt?: number }).__formAt ?? null,
          starts: performance
            .getEntriesByType('resource')
            .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }))
            .filter((r) => /\/assets\/(workbox-window|appUpdate)[.-]/.test(r.path)),
        }));
      // Their entries are written when their answers have arrived, after the worker took control.
      await expect.poll(async () => (await loaded()).starts.map((r) => r.path.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual(['/assets/appUpdate', '/assets/workbox-window.prod.es5']);
      const { formAt, starts } = await loaded();
      expect(formAt).not.toBeNull();
      for (const r of starts) expect(r.start, r.path).toBeGreaterThan(formAt!);
    });

    await test.step('the service worker activates, controls the page, and an offline reload still shows the shell', async () => {
      await expect(new SignInPage(page).heading).toBeVisible();
      await context.setOffline(true);
      await page.reload();
      // The shell, in the member's language, not the browser's offline page.
      await expect(new SignInPage(page).heading).toBeVisible();
      // A deep link that was never visited also comes from the precached shell.
      await page.goto('/404/clouds');
      await expect(page.getByRole('heading', { name: en.PageNotFound })).toBeVisible();
      await context.setOffline(false);
    });
  });

  // One real profile (a browser launch of its own, about 10 CPU-s) for both: installable as first
  // visited, then signed in.
  test('Chromium finds the app installable; signed in, the installed app has the tenant’s name and colour, still installable', async ({ baseURL }) => {
    await inRealProfile(`${baseURL}/auth`, async (page, cdp) => {
      const appManifest = async () => {
        const m = (await cdp.send('Page.getAppManifest')) as { url: string; data?: string; errors: unknown[] };
        const data = m.data ? (JSON.parse(m.data) as { name?: string; theme_color?: string; display?: string }) : {};
        return { url: m.url, errors: m.errors, name: data.name, theme: data.theme_color, display: data.display };
      };
      await test.step('Chromium reports the app installable from its manifest', async () => {
        const manifest = await appManifest();
        expect(manifest.url).toMatch(/manifest\.webmanifest$/);
        expect(manifest.errors).toEqual([]);
        await expect.poll(() => installabilityErrors(cdp)).toEqual([]);
      });
      await test.step('signed in, the installed app carries the tenant’s name and colour, and stays installable', async () => {
        // Before sign-in: the built defaults.
        expect(await appManifest()).toMatchObject({ name: 'trust-shell', theme: '#0f5e6e', errors: [] });

        await new SignInPage(page).submit('admin@acme.test');
        await new ShellChrome(page).expectSignedInAs('Ada Admin');
        // Acme Corp's brand: its tab title and primary colour (the emulator's branding).
        await expect.poll(appManifest).toMatchObject({ name: 'Acme Trust Center', theme: '#0b5fff', display: 'standalone', errors: [] });
        expect((await appManifest()).url).toContain('/manifest.webmanifest?name=Acme+Trust+Center');
        await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0B5FFF');
        await expect.poll(() => installabilityErrors(cdp)).toEqual([]);
      });
    });
  });
});

/**
 * Installability is never reported in an incognito context, which is what Playwright's default
 * contexts are, so these checks run in a real (temporary) profile, on a page a service worker controls.
 */
async function inRealProfile(url: string, check: (page: Page, cdp: CDPSession) => Promise<void>): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'shell-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await waitForServiceWorker(page);
    await check(page, await context.newCDPSession(page));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function installabilityErrors(cdp: CDPSession): Promise<unknown[]> {
  return ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors;
}
