import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en, ar } from './support/catalogues.ts';
import { demoPassword, tokenClaims } from './support/credentials.ts';
import { finishedStarting } from './support/waits.ts';
import { axeViolations } from './support/axe.ts';
import { Dialog, ShellChrome, SignInPage } from './support/pages.ts';
import { shoot } from './support/screenshots.ts';
import type { LoggedRequest, PlatformControl } from './support/platform.ts';

/**
 * Issue 48 item 5: a session the platform ends while the page holds unsaved work keeps the page.
 * The member signs in again over it (a dialog for a password member, a popup for a single sign-on
 * one) and finds their typed notes and their waiting writes as they left them; the writes go out.
 */

const tokenPath = '/api/access/v1/oauth/token';
const preferencesPrefix = '/api/globalization/v1/ui-settings/user/';
const workScreen = '/mfe-host/home?calls=1';
const typed = 'Half-written note about the vendor review';

test.use({ serviceWorkers: 'block' });

const notes = (page: Page) => page.getByLabel('Notes', { exact: true });
const reSignIn = (page: Page, texts = en) => new Dialog(page, texts.ReSignInTitle!, 'alertdialog');
const grantTypes = (log: LoggedRequest[]) => log.filter((r) => r.method === 'POST').map((r) => (r.body as { grant_type?: string } | null)?.grant_type);

/** Signed in on the example screen with notes typed into it (the remote declares them through the host API). */
async function typingNotes(page: Page, signedIn: (p: Page, e: string, path: string) => Promise<void>, email: string) {
  await signedIn(page, email, workScreen);
  await expect(page.getByRole('button', { name: 'Run 1 calls' })).toBeVisible();
  await finishedStarting(page);
  await notes(page).fill(typed);
}

/**
 * The platform ends the session: a call of the page is answered 401 and the refresh that follows is
 * refused (as for a session revoked at the platform). The clocks stay: nothing here is about time.
 */
async function sessionRefused(page: Page, platform: PlatformControl, call: { path: string; trigger: () => Promise<void> } = { path: '/api/access/v1/permissions', trigger: () => page.getByRole('button', { name: 'Run 1 calls' }).click() }) {
  await platform.clearLog();
  await platform.fault({ path: tokenPath, status: 400, times: 1 });
  await platform.fault({ path: call.path, status: 401, times: 1 });
  await call.trigger();
  await reSignIn(page).expectOpen();
}

/** A time format saved while offline: it waits in the outbox. */
async function queueAWrite(page: Page, context: BrowserContext) {
  await new ShellChrome(page).saveTimeFormat('24Hour', { offline: context });
  await expect(page.getByText(en.SavedForLater!)).toBeVisible();
}

test('a password member signs in again in the dialog: page, notes and waiting write kept, the write goes out', async ({
  page,
  context,
  signedIn,
  platform,
}, testInfo) => {
  await typingNotes(page, signedIn, 'admin@acme.test');
  await queueAWrite(page, context);
  const at = page.url();
  // Back online: the queue's replay is answered 401, and the refresh is refused.
  await sessionRefused(page, platform, { path: preferencesPrefix, trigger: () => context.setOffline(false) });

  const dialog = reSignIn(page);
  await dialog.expectText(en.ReSignInMessage!);
  expect(page.url()).toBe(at);
  await expect(notes(page)).toHaveValue(typed);
  expect(await axeViolations(page, '[role="alertdialog"]')).toEqual([]);

  await test.step('screenshots at 360 and 1280 px, light and dark', async () => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await shoot(page, testInfo, `re-sign-in-dialog-${width}-light`);
      await page.evaluate(() => document.documentElement.setAttribute('data-color-scheme', 'dark'));
      await shoot(page, testInfo, `re-sign-in-dialog-${width}-dark`);
      expect(await axeViolations(page, '[role="alertdialog"]')).toEqual([]);
      await page.evaluate(() => document.documentElement.setAttribute('data-color-scheme', 'light'));
    }
  });

  await test.step('keyboard only: focus starts on the password and stays in the dialog', async () => {
    await expect(dialog.root.getByLabel(en.Password!)).toBeFocused();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.root.evaluate((root) => root.contains(document.activeElement))).toBe(true);
    }
    // Escape does not answer it: the page has no session until the member does.
    await page.keyboard.press('Escape');
    await dialog.expectOpen();
    await dialog.root.getByLabel(en.Password!).focus();
    await page.keyboard.type(demoPassword);
    await page.keyboard.press('Enter');
  });

  await dialog.expectGone();
  expect(page.url()).toBe(at);
  await expect(notes(page)).toHaveValue(typed);
  // The waiting write reached the platform with the new session, once.
  const delivered = async () => (await platform.log({ path: preferencesPrefix, method: 'PUT' })).filter((r) => r.status < 300).length;
  await expect.poll(delivered).toBe(1);
  await expect(new ShellChrome(page).writesIndicator).toHaveCount(0);
  expect(grantTypes(await platform.log({ path: tokenPath }))).toEqual(['refresh_token', 'password']);
});

test('another member signing in through the dialog gets a clean shell; the first member’s write is not sent', async ({
  page,
  context,
  signedIn,
  platform,
}) => {
  await typingNotes(page, signedIn, 'admin@acme.test');
  await queueAWrite(page, context);
  await sessionRefused(page, platform, { path: preferencesPrefix, trigger: () => context.setOffline(false) });

  const dialog = reSignIn(page);
  await dialog.root.getByLabel(en.Email!).fill('basic@acme.test');
  await dialog.root.getByLabel(en.Password!).fill(demoPassword);
  await dialog.choose(en.SignIn!);

  await expect(page).toHaveURL(/\/mfe-host$/);
  await expect(page.getByTestId('example-remote-user')).not.toBeEmpty();
  await expect(notes(page)).toHaveValue('');
  await expect(new ShellChrome(page).memberName).not.toHaveText(/Ada Admin/);
  await expect(reSignIn(page).root).toHaveCount(0);
  // The first member's write stays theirs: never sent with the second member's session.
  expect((await platform.log({ path: preferencesPrefix, method: 'PUT' })).filter((r) => r.status < 300)).toEqual([]);
});

test('two tabs: the one holding nothing goes to sign-in; signing in there lets the other carry on', async ({ page, context, signedIn, platform }) => {
  await typingNotes(page, signedIn, 'admin@acme.test');
  const other = await context.newPage();
  await other.goto('/mfe-host/home');
  await expect(other.getByTestId('example-remote-user')).not.toBeEmpty();
  await sessionRefused(page, platform);
  await expect(other).toHaveURL(/\/auth$/);
  await new SignInPage(other).submit('admin@acme.test');
  await expect(other).toHaveURL(/\/mfe-host\/home$/);
  await reSignIn(page).expectGone();
  await expect(notes(page)).toHaveValue(typed);
  await page.getByRole('button', { name: 'Run 1 calls' }).click();
  await expect(page.getByTestId('example-remote-statuses')).toHaveText('200');
});

test.describe('a single sign-on member', () => {
  test('signs in again in a popup; a blocked, closed, silent or wrong-member popup leaves the page as it was and says why', async ({ page, context, signedIn, platform }) => {
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await context.clock.install();
    await typingNotes(page, signedIn, 'sso@acme.test');
    // A business screen's own entry (the member's, in this session): the popup's start must not clear it.
    await page.evaluate(() => localStorage.setItem('trust-shell.columns.riskRegister', 'name,owner'));
    const at = page.url();
    await sessionRefused(page, platform);
    const dialog = reSignIn(page);
    const start = dialog.button(en.ReSignInWithSso!);
    const retry = dialog.button(en.Retry!);

    await test.step('a blocked popup is explained, with a button that tries again', async () => {
      await page.evaluate(() => {
        const open = window.open.bind(window);
        let first = true;
        window.open = (...args) => (first ? ((first = false), null) : open(...args));
      });
      await start.click();
      await dialog.expectText(en.ReSignInPopupBlocked!);
      expect(errors.join('\n')).toContain('login event popup_blocked');
    });

    await test.step('a popup closed before it answered (its closed state polled every 500 ms)', async () => {
      const [popup] = await Promise.all([page.waitForEvent('popup'), retry.click()]);
      await expect(popup.getByRole('button', { name: 'Sign in as sso@acme.test' })).toBeVisible();
      // Open on the identity provider's page, the popup is not taken for closed.
      await context.clock.runFor(1500);
      await dialog.expectText(en.ReSignInWaiting!);
      await popup.close();
      // The next poll sees it closed; its return is waited for 5 s (a popup back on this origin reads as closed).
      await context.clock.runFor(5500);
      await dialog.expectText(en.ReSignInPopupClosed!);
      expect(errors.join('\n')).toContain('login event popup_closed');
    });

    await test.step('a popup that never answers is given up, with a message', async () => {
      const [popup] = await Promise.all([page.waitForEvent('popup'), retry.click()]);
      await expect(popup.getByRole('button', { name: 'Sign in as sso@acme.test' })).toBeVisible();
      await context.clock.fastForward(240_000);
      // The platform's clock moves with the browser's: the next sign-in's proof is dated by the browser.
      await platform.clock(240);
      await dialog.expectText(en.ReSignInNoAnswer!);
      await expect.poll(() => popup.isClosed()).toBe(true);
    });

    await test.step('a popup that comes back for another member changes nothing, and their session is ended at the platform', async () => {
      const [popup] = await Promise.all([page.waitForEvent('popup'), retry.click()]);
      await popup.getByRole('button', { name: 'Sign in as legacy-sso@acme.test' }).click();
      await dialog.expectText(en.ReSignInAnotherMember!.replace('{{email}}', 'sso@acme.test'));
      expect(page.url()).toBe(at);
      await expect(notes(page)).toHaveValue(typed);
      const loggedOut = async () =>
        (await platform.log({ method: 'POST' })).filter((r) => r.path.endsWith('/api/access/v1/auth/logout')).map((r) => tokenClaims(r.headers.authorization).email);
      await expect.poll(loggedOut).toContain('legacy-sso@acme.test');
    });

    await test.step('the member signs in in the popup: the page carries on', async () => {
      const [popup] = await Promise.all([page.waitForEvent('popup'), retry.click()]);
      expect(popup.viewportSize()).toEqual({ width: 500, height: 470 });
      await popup.getByRole('button', { name: 'Sign in as sso@acme.test' }).click();
      await dialog.expectGone();
      await expect.poll(() => popup.isClosed()).toBe(true);
      expect(page.url()).toBe(at);
      await expect(notes(page)).toHaveValue(typed);
      expect(await page.evaluate(() => localStorage.getItem('trust-shell.columns.riskRegister'))).toBe('name,owner');
      // The example screen's platform call works again with the new session.
      await page.getByRole('button', { name: 'Run 1 calls' }).click();
      await expect(page.getByTestId('example-remote-statuses')).toHaveText('200');
    });
  });
});

test('in Arabic, right to left (screenshots)', async ({ page, signedIn, platform }, testInfo) => {
  await typingNotes(page, signedIn, 'admin@acme.test');
  await new ShellChrome(page).pick('العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await platform.fault({ path: tokenPath, status: 400, times: 1 });
  await platform.fault({ path: '/api/access/v1/permissions', status: 401, times: 1 });
  await page.getByRole('button', { name: 'Run 1 calls' }).click();
  const dialog = reSignIn(page, ar);
  await dialog.expectOpen();
  await dialog.expectText(ar.ReSignInMessage!);
  expect(await axeViolations(page, '[role="alertdialog"]')).toEqual([]);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await shoot(page, testInfo, `re-sign-in-dialog-rtl-${width}-light`);
    await page.evaluate(() => document.documentElement.setAttribute('data-color-scheme', 'dark'));
    await shoot(page, testInfo, `re-sign-in-dialog-rtl-${width}-dark`);
    await page.evaluate(() => document.documentElement.setAttribute('data-color-scheme', 'light'));
  }
});
