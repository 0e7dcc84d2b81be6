import { axeViolations } from './support/axe.ts';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en, ar, de } from './support/catalogues.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import type { LoggedRequest, PlatformControl } from './support/platform.ts';

// The service worker is part of what these tests check (the config blocks it by default).
test.use({ serviceWorkers: 'allow' });

const allZeroTenant = '00000000-0000-0000-0000-000000000000';

/** Pipeline calls (not the token endpoint, which carries no Accept-Language by contract). */
const pipelineCalls = (log: LoggedRequest[]) => log.filter((r) => r.path.includes('/api/') && !r.path.endsWith('/oauth/token'));

/** A marker that only survives while the document is the same one (no reload, no navigation). */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}
const isSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/**
 * A screen's next platform call after the switch: opening the preferences dialog reads the
 * organisation defaults. Returns the Accept-Language that call carried.
 */
async function nextScreenCall(page: Page, platform: PlatformControl, texts: Record<string, string>): Promise<string | undefined> {
  await platform.clearLog();
  const dialog = await new ShellChrome(page, texts).openPreferences();
  await expect(dialog.root.getByRole('form', { name: texts.OrganisationDefaults }).getByLabel(texts.DateFormat!)).toBeEnabled();
  await page.keyboard.press('Escape');
  await dialog.expectClosed();
  const calls = await platform.log({ path: '/api/globalization/v1/ui-settings', method: 'GET' });
  expect(calls.length).toBeGreaterThan(0);
  expect(new Set(calls.map((r) => r.headers['accept-language'])).size).toBe(1);
  return calls[0]?.headers['accept-language'];
}

test.describe('language', () => {
  test('switching to ar flips to rtl and back without reload; the next call has the new Accept-Language; kept on reload', async ({
    page,
    signedIn,
    platform,
  }) => {
    await signedIn(page, 'admin@acme.test');
    // The worker adds Accept-Language to the calls it runs: it controls the page before the switch
    // (left to chance, it took the page over at some moment of the test).
    await waitForServiceWorker(page);
    const chrome = new ShellChrome(page);
    const arabicChrome = new ShellChrome(page, ar);
    await expect(chrome.tenantName).toHaveText('Acme Corp');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('lang', 'en-us');
    await markDocument(page);
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    const url = page.url();

    // The start-up's own calls (banners, workspace branding, the start-up modals' checks, which
    // start 250 ms after the first screen) finish first: they were sent in en-us.
    await expect
      .poll(async () => (await platform.log()).filter((r) => r.path.endsWith('/maintenance/immediate') || r.path.endsWith('/notification/HOME_PAGE')).length)
      .toBe(2);
    await page.waitForLoadState('networkidle');
    await platform.clearLog();
    // The scope trail's arrow, as drawn: it points along the reading direction.
    const arrow = page.locator('.scope__separator:visible').first();
    const ltrArrow = await arrow.screenshot();
    await chrome.pick('العربية');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    expect((await arrow.screenshot()).equals(ltrArrow), 'the trail arrow points the other way in rtl').toBe(false);
    await expect(arabicChrome.userMenuButton).toBeVisible();
    await arabicChrome.openUserMenu();
    await expect(arabicChrome.menuItem(ar.Preferences!)).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await isSameDocument(page)).toBe(true);
    expect(navigations).toBe(0);
    expect(page.url()).toBe(url);

    // The switch's own calls (the Arabic translations) and the next call of any screen carry ar.
    const switchCalls = pipelineCalls(await platform.log());
    expect(switchCalls.map((r) => r.path)).toContain('/api/globalization/v2/translations/tenant/ar');
    expect(switchCalls.map((r) => r.headers['accept-language'])).toEqual(switchCalls.map(() => 'ar'));
    expect(await nextScreenCall(page, platform, ar)).toBe('ar');

    // axe on the shell header in right to left.
    expect(await axeViolations(page, 'header')).toEqual([]);

    // And back, still without a reload.
    await platform.clearLog();
    await arabicChrome.openUserMenu();
    await arabicChrome.choice('English (US)').click();
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('lang', 'en-us');
    await expect(chrome.userMenuButton).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);
    expect(navigations).toBe(0);
    expect(await nextScreenCall(page, platform, en)).toBe('en-us');

    await test.step('the picked language is kept across a reload', async () => {
      await chrome.pick('Deutsch');
      const germanChrome = new ShellChrome(page, de);
      await expect(germanChrome.userMenuButton).toBeVisible();
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de-de');
      await expect(germanChrome.userMenuButton).toBeVisible();
      await germanChrome.openUserMenu();
      await expect(germanChrome.choice('Deutsch')).toHaveAttribute('aria-checked', 'true');
    });
  });

  test('the arabic@acme.test persona gets rtl after sign-in, from tenant translations and seeds; offline after first load', async ({ page, context, signedIn, platform }) => {
    const chrome = new ShellChrome(page, ar);
    await test.step('the arabic@acme.test persona gets rtl after sign-in, from the tenant translations merged with seeds', async () => {
      await signedIn(page, 'arabic@acme.test');
      const html = page.locator('html');
      await expect(html).toHaveAttribute('dir', 'rtl');
      await expect(html).toHaveAttribute('lang', 'ar');
      await expect(chrome.userMenuButton).toBeVisible();
      await chrome.openUserMenu();
      await expect(chrome.choice('العربية')).toHaveAttribute('aria-checked', 'true');
      await page.keyboard.press('Escape');
      // v2 tenant route plus the seed (this host is not a listed seed domain).
      expect((await platform.log({ path: '/api/globalization/v2/translations/tenant/ar' })).map((r) => r.status)).toContain(200);
      expect((await platform.log({ path: '/seed-translations/ar' })).map((r) => r.status)).toContain(200);
      expect(await axeViolations(page, 'header')).toEqual([]);
    });

    await test.step('translations work offline after the first load', async () => {
      await expect(chrome.userMenuButton).toBeVisible();
      await waitForServiceWorker(page);
      await context.setOffline(true);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(chrome.userMenuButton).toBeVisible();
      await context.setOffline(false);
    });
  });

  // Signed out, on the sign-in page: the page's own pipeline (a worker would take the page over at
  // no fixed moment of so short a test).
  test.describe('signed out', () => {
    test.use({ serviceWorkers: 'block' });

    test('anonymous translations load per language with the language and tenantId query values', async ({ page, platform }) => {
      await page.goto('/auth');
      await expect(new SignInPage(page).heading).toBeVisible();
      const [first] = await platform.log({ path: '/api/globalization/v1/translations/en-us' });
      expect(first?.query).toEqual({ language: 'en-us', tenantId: allZeroTenant });
      await new SignInPage(page).language.selectOption('de-de');
      await expect(new SignInPage(page, de).heading).toBeVisible();
      const [german] = await platform.log({ path: '/api/globalization/v1/translations/de-de' });
      expect(german?.query).toEqual({ language: 'de-de', tenantId: allZeroTenant });
      expect(german?.headers['accept-language']).toBe('de-de');
    });
  });
});
