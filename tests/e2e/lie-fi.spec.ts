import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { ar, en } from './support/catalogues.ts';
import { finishedStarting } from './support/waits.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { axeViolations } from './support/axe.ts';
import { barCollisions } from './support/layout.ts';
import { shoot } from './support/screenshots.ts';

/**
 * A platform that accepts connections and answers nothing (lie-fi, issue 45): the emulator's `hold`
 * fault keeps every platform call unanswered, and the page's clock (Playwright's) stands in for the
 * seconds that pass. The page runs the pipeline itself (no service worker: it keeps real time).
 */
const preferencesPrefix = '/api/globalization/v1/ui-settings/user/';
const widths = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

/** A returning member's tab, reloaded while the platform holds every call: the hold's id. */
async function warmStartHeld(page: Page, platform: { fault: (spec: { path: string; hold: boolean }) => Promise<{ id: string }>; clearLog: () => Promise<void> }): Promise<string> {
  await finishedStarting(page);
  const held = await platform.fault({ path: '/api/', hold: true });
  await platform.clearLog();
  await page.reload();
  return held.id;
}

/** The reconnecting status at phone and desktop width: in the bar, nothing overlapping, axe clean. */
async function checkStatusLayout(page: Page, chrome: ShellChrome, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of widths) {
    await page.setViewportSize(size);
    await expect(chrome.reconnecting).toBeVisible();
    await expect(page.getByRole('banner').getByRole('status').filter({ hasText: chrome.texts.Reconnecting! })).toBeVisible();
    expect(await barCollisions(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, testInfo, `${name}-reconnecting-${size.width}`);
  }
}

test.describe('lie-fi', () => {
  test('warm start: works from the device, says it is reconnecting within 10 s, keeps a write, clears when answers come', async ({
    context,
    page,
    signedIn,
    platform,
  }, testInfo) => {
    await context.clock.install();
    await signedIn(page, 'admin@acme.test');
    const chrome = new ShellChrome(page);
    await chrome.expectSignedInAs('Ada Admin');

    const held = { id: await warmStartHeld(page, platform) };
    // The device's copy paints, with nothing answered.
    await chrome.expectSignedInAs('Ada Admin');
    await expect(chrome.tenantName).toHaveText('Acme Corp');
    await expect.poll(async () => (await platform.log({ path: '/api/' })).length).toBeGreaterThan(0);
    expect((await platform.log({ path: '/api/' })).filter((r) => r.status !== 0)).toEqual([]);

    // Ten seconds without an answer: a status in the bar, not a modal.
    await context.clock.runFor(10_000);
    await expect(chrome.reconnecting).toBeVisible();
    await expect(chrome.offline).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await checkStatusLayout(page, chrome, testInfo, 'ltr');

    // A write goes to the outbox instead of spinning.
    await chrome.saveTimeFormat('24Hour');
    await context.clock.runFor(9_000);
    await expect(chrome.pendingWrites(1)).toBeVisible();
    await expect(chrome.reconnecting).toBeVisible();

    // Past every call's time limit nothing is left waiting on the platform for ever.
    await context.clock.runFor(21_000);

    // Answers come again: the status clears by itself and the write reaches the platform, applied once.
    await platform.removeFault(held.id);
    // The calls on their way are answered before the clock moves on (a jump would give them up).
    await expect.poll(async () => (await platform.log({ path: '/api/' })).filter((r) => r.status === 0 && !r.dropped).length).toBe(0);
    await context.clock.runFor(6_000); // one recovery poll
    await expect(chrome.reconnecting).toHaveCount(0);
    await expect(chrome.offline).toHaveCount(0);
    await expect(chrome.writesIndicator).toHaveCount(0);
    const applied = (await platform.log({ path: preferencesPrefix, method: 'PUT' })).filter((p) => p.status > 0 && p.status < 300 && !p.replayed);
    expect(applied).toHaveLength(1);
    await chrome.expectSignedInAs('Ada Admin');
  });

  test('on /auth: a sign-in the platform does not answer says so within 20 s, keeps the e-mail and can be tried again', async ({ page, platform }) => {
    await page.clock.install();
    const signInPage = new SignInPage(page);
    await signInPage.open();
    const held = await platform.fault({ path: '/api/', hold: true });

    await signInPage.continueWith('admin@acme.test');
    // The account lookup is given up on its time limit: the password step follows.
    await page.clock.runFor(20_000);
    await expect(signInPage.password).toBeVisible();
    await signInPage.submitPassword();
    await expect.poll(async () => (await platform.log({ path: '/api/access/v1/oauth/token' })).length).toBe(1);
    await page.clock.runFor(20_000);
    await expect(signInPage.error).toHaveText(en.SignInFailed!);
    await expect(page).toHaveURL(/\/auth$/);

    // The e-mail is kept; once the platform answers, the member signs in.
    await platform.removeFault(held.id);
    await expect(signInPage.email).toHaveValue('admin@acme.test');
    await signInPage.submitPassword();
    await expect(page).toHaveURL(/\/mfe-host/);
    await new ShellChrome(page).expectSignedInAs('Ada Admin');
  });

  test('right to left, in Arabic: the reconnecting status at phone and desktop width', async ({ context, page, signedIn, platform }, testInfo) => {
    await context.clock.install();
    await signedIn(page, 'arabic@acme.test');
    const chrome = new ShellChrome(page, ar);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await finishedStarting(page);
    // The platform goes silent mid-session: the preferences the member opens are never answered.
    await platform.fault({ path: '/api/', hold: true });
    await chrome.openPreferences();
    await context.clock.runFor(10_000);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await checkStatusLayout(page, chrome, testInfo, 'rtl');
  });
});
