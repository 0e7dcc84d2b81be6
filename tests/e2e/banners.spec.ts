import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en, ar } from './support/catalogues.ts';
import { finishedStarting } from './support/waits.ts';
import { axeViolations } from './support/axe.ts';
import { ShellChrome } from './support/pages.ts';

/** SPEC §2 banner area, §3 alert banner, §4 alert dismissal, §6 SANDBOX. */

const bannerPath = '/api/alert/v1/alerts/banner/immediate';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page, '.banner-area')).toEqual([]);
}

test.describe('banners', () => {
  // The fixtures' default quietStartup keeps the start-up modals out of the way; banners stay real.
  // One persona per step in one tab, each step after the first starting afresh (freshStart).
  test('release banner in the member’s language, sanitised, dismissed for good; a SANDBOX tenant’s banner names its parent', async ({
    page,
    freshStart,
    signedIn,
    platform,
  }) => {
    await test.step('the release banner: asked for in the member’s language, sanitised, dismissed for good', async () => {
      await signedIn(page, 'ptl@acme.test');
      const release = page.getByRole('region', { name: /Release 5\.3 is live/ });
      await expect(release).toBeVisible();
      await expect(release.getByRole('link', { name: 'See what is new' })).toHaveAttribute('href', 'https://community.trust-shell.test/release-notes');
      const calls = await platform.log({ path: bannerPath });
      expect(calls.map((c) => [c.path, c.query.languageCode])).toEqual([['/eu-tenant-7/api/alert/v1/alerts/banner/immediate', 'en-us']]);
      await expectNoAxeViolations(page);

      const releaseId = (await release.getAttribute('data-alert-id'))!;
      // Keyboard only.
      await release.getByRole('button', { name: en.Dismiss }).focus();
      await page.keyboard.press('Enter');
      await expect(release).toBeHidden();

      // Every run asks again; the dismissed banner stays hidden while a new one shows.
      await platform.override({
        method: 'GET',
        path: bannerPath,
        status: 200,
        body: [
          { alertScheduleId: releaseId, alertType: 'Info', bannerMessage: { message: 'Release 5.3 is live.' }, dismissible: true, displayAttributes: { attributes: { BannerColor: null } } },
          { alertScheduleId: id(5), alertType: 'Info', bannerMessage: { message: 'A newer announcement.' }, dismissible: true, displayAttributes: { attributes: { BannerColor: null } } },
        ],
      });
      await page.reload();
      await expect(page.getByRole('region', { name: /A newer announcement/ })).toBeVisible();
      await expect(page.getByRole('region', { name: /Release 5\.3 is live/ })).toHaveCount(0);
      expect(await platform.log({ path: bannerPath })).toHaveLength(2);
    });

    await test.step('SANDBOX tenant: the sandbox banner, with its parent', async () => {
      await freshStart(page);
      await signedIn(page, 'sandbox@acme.test');
      const sandbox = page.getByRole('region', { name: en.Sandbox });
      await expect(sandbox).toHaveText(en.SandboxBannerWithParent!.replace('{{parentName}}', 'Acme Corp'));
      await expectNoAxeViolations(page);
      await new ShellChrome(page).chooseDarkScheme();
      await expect(sandbox).toHaveCSS('background-color', 'rgb(38, 28, 61)');
      await expectNoAxeViolations(page);
    });

    await test.step('an Arabic member gets the banner in Arabic', async () => {
      await freshStart(page);
      await signedIn(page, 'arabic@acme.test');
      await expect.poll(async () => (await platform.log({ path: bannerPath })).map((c) => c.query.languageCode)).toContain('ar');
      // Acme Corp announces the release; its Arabic text is shown.
      await expect(page.getByRole('region', { name: new RegExp(ar.AlertInfo!) })).toContainText('الإصدار 5.3 متاح الآن');
    });
  });

  test('a returning member gets the last run’s banners with the live chrome, before the platform answers', async ({ page, signedIn, platform }) => {
    await signedIn(page, 'ptl@acme.test');
    const release = page.getByRole('region', { name: /Release 5\.3 is live/ });
    await expect(release).toBeVisible();
    // Whether the banner was in the document when the member's live chrome first was (one mutation, one frame).
    await page.addInitScript(() => {
      const w = window as unknown as { __bannerWithChrome?: boolean };
      new MutationObserver(() => {
        if (w.__bannerWithChrome === undefined && document.querySelector('[data-testid="user-name"]')) w.__bannerWithChrome = document.querySelector('.banner-area [data-alert-id]') !== null;
      }).observe(document, { subtree: true, childList: true });
    });
    const held = await platform.fault({ path: bannerPath, hold: true });
    await page.reload();
    await expect(new ShellChrome(page).memberName).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __bannerWithChrome?: boolean }).__bannerWithChrome)).toBe(true);
    await expect(release).toBeVisible();
    await platform.removeFault(held.id);
    await expect.poll(async () => (await platform.log({ path: bannerPath })).length).toBe(2);
    await expect(release).toBeVisible();
  });

  // One admin start: each later step changes the banner answer and reloads, since every run asks again.
  test('no sandbox banner for a paid tenant; a failed read shows none and breaks nothing; kinds, colours, hostile answers', async ({
    page,
    signedIn,
    platform,
    cspViolations,
  }) => {
    await test.step('a paid tenant has no sandbox banner', async () => {
      await signedIn(page, 'admin@acme.test');
      await expect.poll(async () => (await platform.log({ path: bannerPath })).length).toBe(1);
      await expect(page.getByRole('region', { name: /Release 5\.3/ })).toBeVisible();
      await expect(page.getByRole('region', { name: en.Sandbox })).toHaveCount(0);
    });

    await test.step('a failed banner read shows none for this run and breaks nothing', async () => {
      // No call of the first run lands after the log is cleared.
      await finishedStarting(page);
      await platform.clearLog();
      await platform.fault({ method: 'GET', path: bannerPath, status: 500 });
      await page.reload();
      // A warm start's revalidated run asks again after a failed read (startup/page/runChecks), so
      // one read or two, depending on which lands first (two were seen on a loaded machine).
      await expect.poll(async () => (await platform.log({ path: bannerPath })).length).toBeGreaterThan(0);
      await finishedStarting(page);
      const reads = (await platform.log({ path: bannerPath })).map((c) => c.status);
      expect(reads.length).toBeLessThanOrEqual(2);
      expect(reads.filter((status) => status !== 500)).toEqual([]);
      await expect(page.locator('.banner-area [data-alert-id]')).toHaveCount(0);
      await expect(page.getByRole('main')).toBeVisible();
    });

    await test.step('kinds, colours and hostile answers (override)', async () => {
      // The failed read's fault goes (the fixtures' quiet start-up sets overrides only).
      await platform.clearFaults();
      await platform.override({
        method: 'GET',
        path: bannerPath,
        status: 200,
        body: [
          { alertScheduleId: id(1), alertType: 'Error', bannerMessage: { message: 'Payments are failing.' }, dismissible: false, displayAttributes: { attributes: { BannerColor: null } } },
          { alertScheduleId: id(2), alertType: 'Warning', bannerMessage: { message: 'Exports are slow.' }, dismissible: true, displayAttributes: { attributes: { BannerColor: null } } },
          { alertScheduleId: id(3), alertType: 'Notice', bannerMessage: { message: 'Custom colour.' }, dismissible: true, displayAttributes: { attributes: { BannerColor: '#FFD700' } } },
          {
            alertScheduleId: id(4),
            alertType: 'Info',
            bannerMessage: { message: 'Hostile <img src=x alt="" onerror="window.__pwned=1"><a href="javascript:window.__pwned=2">link</a>' },
            dismissible: true,
            displayAttributes: { attributes: { BannerColor: 'red; background-image: url(https://evil.test/x)' } },
          },
          { alertScheduleId: 'not-a-banner', alertType: 'Info', bannerMessage: null, dismissible: true },
        ],
      });
      await page.reload();
      const error = page.getByRole('region', { name: `${en.AlertError} Payments are failing.` });
      const warning = page.getByRole('region', { name: `${en.AlertWarning} Exports are slow.` });
      const custom = page.getByRole('region', { name: `${en.AlertInfo} Custom colour.` });
      const hostile = page.getByRole('region', { name: new RegExp(`^${en.AlertInfo} Hostile`) });
      await expect(error).toBeVisible();
      await expect(warning).toBeVisible();
      await expect(custom).toBeVisible();
      await expect(hostile).toBeVisible();
      // The invalid entry is dropped alone.
      await expect(page.locator('.banner-area [data-alert-id]')).toHaveCount(4);

      // A non-dismissible banner has no Dismiss button.
      await expect(error.getByRole('button', { name: en.Dismiss })).toHaveCount(0);
      await expect(warning.getByRole('button', { name: en.Dismiss })).toBeVisible();
      // Each kind has its own icon shape.
      for (const [region, icon] of [[error, 'error'], [warning, 'warning'], [custom, 'info']] as const) {
        await expect(region.locator('svg')).toHaveAttribute('data-icon', icon);
      }
      // A valid BannerColor is used, with a readable text colour; a hostile one never reaches a style.
      await expect(custom).toHaveCSS('background-color', 'rgb(255, 215, 0)');
      await expect(custom).toHaveCSS('color', 'rgb(0, 0, 0)');
      expect(await hostile.getAttribute('style')).toBeNull();
      expect(await hostile.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('none');
      // The message is sanitised: no handler ran, no script URL is left.
      await expect(hostile.getByText('link')).toBeVisible();
      expect((await hostile.locator('a').getAttribute('href')) ?? '').not.toMatch(/javascript/i);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await expectNoAxeViolations(page);
      // The kinds' colours pass contrast in the dark colour scheme too.
      // Chosen as a member does: a scheme set on <html> behind the app's back lasts only until it next
      // applies the member's theme (any reload of the signed-in state), leaving light colours on a dark banner.
      await new ShellChrome(page).chooseDarkScheme();
      await expect(warning).toHaveCSS('background-color', 'rgb(53, 40, 11)');
      // Polled: a run right after the switch saw a light link colour on the dark banner (seen in CI
      // twice in all; why the link's colour lags is not known).
      await expect.poll(() => axeViolations(page, '.banner-area')).toEqual([]);
      // Some Chromium builds report the hostile handler while the sanitiser merely parses the message
      // in its inert document (the policy refusing it there; it never reaches the page), and some
      // (150) report nothing: either is right, any other violation is not. Counted here, long after
      // that parse, so that none of its reports can arrive after the count.
      expect(cspViolations.splice(0).filter((v) => !/^script-src-attr inline /.test(v))).toEqual([]);
    });
  });
});
