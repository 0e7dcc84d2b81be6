import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { Dialog, ShellChrome, SignInPage } from './support/pages.ts';
import { autoRefreshRuns, countRefreshes, outcomes, returnUrl } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { cataloguesWithout, en } from './support/catalogues.ts';
import type { PlatformControl } from './support/platform.ts';
import { queuedWrites } from './support/shellStorage.ts';

/**
 * The idle timeout (SPEC §4/§9) under Playwright's clock: 300 s of inactivity anywhere in
 * the session opens a 60-second warning in every tab; activity in any tab keeps every tab alive.
 */
const warning = (page: Page) => new Dialog(page, en.SessionTimeout!, 'alertdialog');
const countdown = (page: Page) => page.getByTestId('session-timeout-countdown');

/** The seconds the warning's countdown shows (its timer reads m:ss). */
async function secondsLeft(page: Page): Promise<number> {
  const time = (await countdown(page).getByRole('timer').textContent()) ?? '';
  expect(time).toMatch(/^\d+:\d\d$/);
  const [minutes = 0, seconds = 0] = time.split(':').map(Number);
  return minutes * 60 + seconds;
}

async function openSignedIn(context: BrowserContext, signedIn: (p: Page, e: string, path: string) => Promise<void>, paths: string[], email = 'admin@acme.test') {
  const pages: Page[] = [];
  for (const path of paths) {
    const page = await context.newPage();
    if (pages.length === 0) await signedIn(page, email, path);
    else await page.goto(path);
    await expect(page.getByTestId('example-remote-user')).not.toBeEmpty();
    pages.push(page);
  }
  return pages;
}

/** The drafts the example business screen kept when the shell told it to save. */
async function savedDrafts(page: Page): Promise<{ text: string; status: number }[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('example-remote.draft'))
      .map((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { text: string; status: number }),
  );
}

async function platformCalls(platform: PlatformControl) {
  return (await platform.log()).map((r) => `${r.method} ${r.path}`);
}

test.describe('session timeout', () => {
  test('300 s idle opens the warning with 60 s left; Continue refreshes once and restarts the 300 s', async ({ context, signedIn, platform }) => {
    await context.clock.install();
    const [page] = await openSignedIn(context, signedIn, ['/mfe-host']);
    await context.clock.fastForward(290_000);
    await warning(page!).expectGone();
    await context.clock.fastForward(10_000);
    await warning(page!).expectOpen();
    await expect(countdown(page!)).toHaveText(/(1:00|0:5\d)$/);
    expect(await axeViolations(page!)).toEqual([]);

    const before = await countRefreshes(platform);
    await warning(page!).choose(en.ContinueSession!);
    await warning(page!).expectGone();
    await expect.poll(() => countRefreshes(platform)).toBe(before + 1);

    await context.clock.fastForward(290_000);
    await warning(page!).expectGone();
    await context.clock.fastForward(10_000);
    await warning(page!).expectOpen();
    // Keyboard alone: focus starts on Continue, Tab reaches Logout, which signs out.
    await expect(warning(page!).button(en.ContinueSession!)).toBeFocused();
    await page!.keyboard.press('Shift+Tab');
    await expect(warning(page!).button(en.Logout!)).toBeFocused();
    await page!.keyboard.press('Enter');
    await expect(page!).toHaveURL(/\/auth$/);
    expect(await platformCalls(platform)).toContain('POST /api/access/v1/auth/logout');
  });

  test('a write waiting on this device: the warning’s Logout asks first; a refused Continue keeps the write for the member', async ({ context, signedIn, platform }) => {
    await context.clock.install();
    const [page] = await openSignedIn(context, signedIn, ['/mfe-host']);
    const chrome = new ShellChrome(page!);
    // The preferences path fails at network level: the write waits on this device.
    await platform.fault({ method: 'PUT', path: '/api/globalization/v1/ui-settings/user/', drop: true });
    await chrome.saveTimeFormat('24Hour');
    await expect(chrome.pendingWrites(1)).toBeVisible({ timeout: 20_000 });
    await context.clock.fastForward(300_000);
    await warning(page!).expectOpen();

    // Logout would discard the write: it asks first, as the top bar's sign-out does.
    await warning(page!).choose(en.Logout!);
    const ask = new Dialog(page!, en.SignOutPendingTitle!, 'alertdialog');
    await ask.expectOpen();
    await ask.choose(en.SignOutStay!);
    await ask.expectClosed();
    await expect(page!).toHaveURL(/\/mfe-host/);

    // The platform has ended the session: Continue's refresh is refused. The member is signed out,
    // not signing out: the write and a half-typed form wait for their next sign-in, as when the
    // countdown runs out.
    const draft = 'trust-shell.draft.contactSales.someone.somewhere';
    await page!.evaluate((key) => localStorage.setItem(key, '{"name":"Ada","phone":"+1 555"}'), draft);
    await platform.fault({ path: '/api/access/v1/oauth/token', status: 400 });
    await warning(page!).choose(en.ContinueSession!);
    await expect(page!).toHaveURL(/\/auth$/);
    expect(await queuedWrites(page!)).toHaveLength(1);
    expect(await page!.evaluate((key) => localStorage.getItem(key), draft)).not.toBeNull();
  });

  test('typing in tab A keeps tab B signed in; idle in both warns both; Continue in B closes A', async ({ context, signedIn }) => {
    await context.clock.install();
    const [a, b] = await openSignedIn(context, signedIn, ['/mfe-host', '/mfe-host']);
    const notes = a!.getByLabel('Notes');
    // Steps of 15 s: an auto refresh still on its way when the clock jumps is heard out for 60 s of
    // clock time (its caller stops waiting after 20 s), so no jump gives up on the platform's answer.
    for (let minute = 0; minute < 10; minute += 1) {
      for (let quarter = 0; quarter < 4; quarter += 1) {
        await notes.press('x');
        await context.clock.fastForward(15_000);
      }
      await warning(b!).expectGone();
      await warning(a!).expectGone();
    }
    await expect(notes).toHaveValue('x'.repeat(40));

    // The last key was 15 s ago: 286 s more opens the warning with 59 s left.
    await context.clock.fastForward(286_000);
    await warning(a!).expectOpen();
    await warning(b!).expectOpen();
    await warning(b!).choose(en.ContinueSession!);
    await warning(b!).expectGone();
    await warning(a!).expectGone();
    await expect(a!).toHaveURL(/\/mfe-host$/);
  });

  test('the countdown running out saves open work in every tab, then signs every tab out', async ({ context, signedIn, platform }) => {
    await context.clock.install();
    const [a, b] = await openSignedIn(context, signedIn, ['/mfe-host', '/mfe-host?calls=1']);
    await a!.getByLabel('Notes').fill('draft in A');
    await b!.getByLabel('Notes').fill('draft in B');
    await context.clock.fastForward(300_000);
    await warning(a!).expectOpen();
    await warning(b!).expectOpen();
    // Up to 3 s before the deadline in a jump, across it in steps. Playwright moves each tab's clock in
    // turn, and the installed clock also runs in real time: a fixed 59 s jump, taken a loaded second
    // or two after the warning opened, crossed the deadline in tab A while B's clock had not yet
    // jumped. B, told by A, started saving, and the rest of its jump passed its save call's 20 s limit.
    await context.clock.fastForward(Math.max(0, (await secondsLeft(a!)) - 3) * 1000);
    await context.clock.runFor(5_000);

    await expect(a!).toHaveURL(/\/auth$/);
    await expect(b!).toHaveURL(/\/auth$/);
    // Each screen saved while the session was still valid (its platform call answered 200)...
    // Polled: tab B's local-storage write reaches tab A's renderer a moment later.
    const drafts = async () => (await savedDrafts(a!)).sort((x, y) => x.text.localeCompare(y.text));
    await expect.poll(drafts).toEqual([
      { text: 'draft in A', status: 200 },
      { text: 'draft in B', status: 200 },
    ]);
    // ...and the platform heard the sign-out after both saves.
    const calls = await platformCalls(platform);
    const logout = calls.indexOf('POST /api/access/v1/auth/logout');
    expect(logout).toBeGreaterThan(calls.lastIndexOf('GET /api/access/v1/users/current/legacy'));
    expect(await returnUrl(a!)).toBe('/mfe-host');
    expect(await returnUrl(b!)).toBe('/mfe-host?calls=1');
    expect(await a!.evaluate(() => localStorage.getItem('trust-shell.timedOut'))).toBe('true');

    // Timed out: no tab refreshes any more, however long they stay open.
    const refreshes = await countRefreshes(platform);
    await context.clock.fastForward(600_000);
    expect(await countRefreshes(platform)).toBe(refreshes);

    // Signing in again clears the flag and returns the tab to where it was.
    await new SignInPage(a!).submit('admin@acme.test', 'trust-shell-demo');
    await expect(a!).toHaveURL(/\/mfe-host$/);
    expect(await a!.evaluate(() => localStorage.getItem('trust-shell.timedOut'))).toBeNull();
    await warning(a!).expectGone();
  });

  test('with auto refresh, the warning opens 70 s before the refresh token would run out', async ({ context, signedIn, platform }) => {
    await platform.lifetimes({ refreshTtlSeconds: 200 });
    await context.clock.install();
    const runs = autoRefreshRuns(context);
    const [page] = await openSignedIn(context, signedIn, ['/mfe-host']);
    // The auto refresh's first run (3 s on): the sign-in's 200 s refresh token is fresh, kept. Its
    // outcome is awaited: a run still reading storage when the clock jumps on would compare the
    // sign-in's time with the moved clock, and refresh late, beside Continue's refresh below.
    await context.clock.fastForward(3_000);
    await expect.poll(() => outcomes(runs)).toEqual(['reused']);
    await context.clock.fastForward(110_000);
    await warning(page!).expectGone();
    expect(await countRefreshes(platform)).toBe(0);
    // About 130 s after the sign-in (200 − 70), long before the app's 300 s.
    await context.clock.fastForward(27_000);
    await warning(page!).expectOpen();
    await warning(page!).choose(en.ContinueSession!);
    await warning(page!).expectGone();
    await expect.poll(() => countRefreshes(platform)).toBe(1);
  });

  test('a tab whose wall clock jumped past the deadline (a sleeping laptop) signs out on waking, with no stale warning first', async ({ page, signedIn, platform }) => {
    // Records, in the page, whether any alert dialog (the timeout warning) was ever put on screen.
    await page.addInitScript(() => {
      const seen = { dialog: false };
      (window as unknown as { timeoutWarningSeen: typeof seen }).timeoutWarningSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="alertdialog"]')) seen.dialog = true;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.clock.install();
    await signedIn(page, 'admin@acme.test');
    await expect(page.getByTestId('example-remote-user')).not.toBeEmpty();
    // The lid closes: 400 s pass on the wall clock while no timer runs.
    const now = await page.evaluate(() => Date.now());
    await page.clock.setSystemTime(now + 400_000);
    // The tab runs again: within 2 s of its own clock it has timed the session out (the sign-out
    // itself then waits for open work to be saved, on timers and calls of its own).
    await page.clock.runFor(2000);
    expect(await page.evaluate(() => localStorage.getItem('trust-shell.timedOut'))).not.toBeNull();
    await page.clock.resume();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => (window as unknown as { timeoutWarningSeen: { dialog: boolean } }).timeoutWarningSeen.dialog)).toBe(false);
    expect(await platformCalls(platform)).toContain('POST /api/access/v1/auth/logout');
  });

  test('the countdown is a number on its own (role timer), even when the catalogue lacks SessionTimeoutCountdown', async ({ context, signedIn, platform, request }) => {
    await cataloguesWithout(request, platform, ['SessionTimeoutCountdown']);
    await context.clock.install();
    const [page] = await openSignedIn(context, signedIn, ['/mfe-host']);
    await context.clock.fastForward(300_000);
    await warning(page!).expectOpen();
    const timer = warning(page!).root.getByRole('timer');
    await expect(timer).toHaveText(/^(1:00|0:5\d)$/);
    await context.clock.fastForward(10_000);
    await expect(timer).toHaveText(/^0:[45]\d$/);
    await expect(warning(page!).root).not.toContainText('SessionTimeoutCountdown');
  });
});
