import type { Page, Route } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { finishedStarting, waitForServiceWorker } from './support/waits.ts';
import { axeViolations } from './support/axe.ts';
import { Dialog, ShellChrome, SignInPage, StartupModals } from './support/pages.ts';
import { queuedWrites as queued } from './support/shellStorage.ts';
import { quietenStartup, type LoggedRequest, type PlatformControl } from './support/platform.ts';
import { memberCredential, presentedToken, proofVerdict } from './support/credentials.ts';

/**
 * Writes the network cannot take are kept in the outbox (IndexedDB) and
 * replayed once it returns, exactly once (Idempotency-Key), with the bearer current at replay time.
 */
test.use({ serviceWorkers: 'allow', timezoneId: 'UTC' });

const preferencesPrefix = '/api/globalization/v1/ui-settings/user/';
const acknowledgePrefix = '/api/alert/v1/schedules/';

/** The top bar's count of waiting (or refused) writes. */
const pendingButton = (page: Page) => new ShellChrome(page).writesIndicator;
const countText = (key: string, count: number) => en[key]!.replace('{{count}}', String(count));
const preferencesPuts = (platform: PlatformControl) => platform.log({ path: preferencesPrefix, method: 'PUT' });

/** The access token the shell holds now (IndexedDB, as the pipeline reads it). */
const storedToken = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('trust-shell');
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('accessToken');
          get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : null);
          get.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
  );

const saveTimeFormat = (page: Page, value: '12Hour' | '24Hour') => new ShellChrome(page).saveTimeFormat(value);

const bearer = (r: LoggedRequest) => presentedToken(r.headers.authorization);
const idempotencyKey = (r: LoggedRequest) => r.headers['idempotency-key'] ?? '';
const clock = (page: Page) => new ShellChrome(page).clock;

test.describe('outbox', () => {
  test.describe('with the maintenance notice', () => {
    test.use({ quietStartup: false });

    test('offline, a time format and a maintenance acknowledgement wait; online each reaches the platform once, fresh bearer', async ({ context, page, signIn, platform }) => {
      // Only the maintenance notice at start-up; tokens that live 5 s (shorter than the replay's
      // margin), so the replay must fetch a new one rather than send the one of queue time.
      await quietenStartup(platform, { keepMaintenance: true });
      await platform.lifetimes({ accessTtlSeconds: 5 });
      // Through the sign-in page, which registers the service worker before the shell's start-up run,
      // as a first visit does. Arriving signed in, the worker installs beside that run; on a slow
      // machine the wait for it (which reloads once after 15 s) can pass the once-per-session notice.
      await signIn(page, 'admin@acme.test');
      await waitForServiceWorker(page);
      const maintenance = new StartupModals(page).maintenance;
      await maintenance.expectOpen();
      await expect(clock(page)).toContainText(/AM|PM/);

      await context.setOffline(true);
      await maintenance.root.getByRole('checkbox', { name: en.DoNotShowAgain }).check();
      await maintenance.choose(en.Continue!);
      await maintenance.expectClosed();
      await saveTimeFormat(page, '24Hour');
      await expect(page.getByText(en.SavedForLater!)).toBeVisible();
      // What the member chose shows at once, and both writes are counted as waiting.
      await expect(clock(page)).not.toContainText(/AM|PM/);
      await expect(pendingButton(page)).toHaveText(new RegExp(countText('PendingWrites', 2)));
      const tokenAtQueueTime = await storedToken(page);
      expect(tokenAtQueueTime).toBeTruthy();
      const stored = await queued(page);
      expect(stored).toHaveLength(2);
      // The queue holds the writes, never a bearer.
      expect(JSON.stringify(stored)).not.toContain(tokenAtQueueTime!);
      expect(JSON.stringify(stored).toLowerCase()).not.toContain('authorization');

      // The list says what waits, and passes axe.
      await pendingButton(page).click();
      const list = new Dialog(page, en.PendingWritesTitle!);
      await expect(list.root.getByRole('listitem')).toHaveText([new RegExp(en.WriteAcknowledgeMaintenance!), new RegExp(en.WriteSavePreferences!)]);
      await expect(list.root.getByText(en.WriteWaiting!, { exact: true })).toHaveCount(2);
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await list.expectClosed();
      expect(await preferencesPuts(platform)).toEqual([]);
      expect(await platform.log({ path: acknowledgePrefix })).toEqual([]);

      await context.setOffline(false);
      await expect(page.getByText(countText('WritesSent', 2))).toBeVisible({ timeout: 20_000 });
      await expect(pendingButton(page)).toHaveCount(0);
      const puts = await preferencesPuts(platform);
      const acks = await platform.log({ path: acknowledgePrefix, method: 'POST' });
      for (const calls of [puts, acks]) {
        expect(calls.map((c) => [c.status < 300, c.dropped, c.replayed])).toEqual([[true, false, false]]);
        expect(idempotencyKey(calls[0]!)).toMatch(/^[0-9a-f-]{36}$/);
        // Fresh: not the token of queue time (it has run out), and the platform accepted it.
        expect(bearer(calls[0]!)).not.toBe(tokenAtQueueTime);
      }
      expect(puts[0]!.body).toEqual([
        { key: 'dateFormat', value: 'MM/DD/YYYY' },
        { key: 'timeFormat', value: '24Hour' },
      ]);
      expect(await queued(page)).toEqual([]);
    });
  });

  test('a lost answer is not applied twice; a 400 shows as failed and dismissed; another member\'s sign-in drops the queue', async ({ context, page, freshStart, signedIn, platform }) => {
    await test.step('a lost answer: the replay carries the same Idempotency-Key and is not applied twice', async () => {
      await signedIn(page, 'admin@acme.test');
      await waitForServiceWorker(page);
      // Applied, answer lost; twice, because Chromium itself repeats a request whose answer was lost
      // on a reused connection (with the same headers, so the key covers that repeat too). Either
      // way the outbox's own replay is at least the third request.
      await platform.fault({ method: 'PUT', path: preferencesPrefix, dropAfterApply: true, times: 2 });
      await saveTimeFormat(page, '24Hour');
      await expect.poll(async () => (await preferencesPuts(platform)).at(-1)?.dropped, { timeout: 20_000 }).toBe(false);
      // Chromium's own repeat carries the very same headers, its DPoP proof included, which the
      // platform refuses as a replayed proof before it looks at the write (contract check order):
      // those never reach the write, and the pipeline sends the write again with a fresh proof.
      const puts = (await preferencesPuts(platform)).filter((p) => p.dpop !== 'invalid');
      expect(puts.length).toBeGreaterThanOrEqual(2);
      expect(new Set(puts.map(idempotencyKey)).size).toBe(1);
      // Applied once: the first; every later one got the first answer back from the platform's memory.
      expect(puts.map((p) => p.replayed)).toEqual([false, ...puts.slice(1).map(() => true)]);
      expect(puts[0]!.dropped).toBe(true);
      expect(puts.at(-1)!.status).toBeLessThan(300);
      await expect(pendingButton(page)).toHaveCount(0);
      await expect(clock(page)).not.toContainText(/AM|PM/);
      await page.reload();
      await expect(clock(page)).not.toContainText(/AM|PM/);
    });
    await test.step('a queued write refused with 400 is shown as failed, not retried, and can be dismissed', async () => {
      // A fresh platform (12-hour again, an empty log, no session); the browser's storage stays.
      await freshStart(page, { keepStorage: true });
      await signedIn(page, 'admin@acme.test');
      await expect(clock(page)).toContainText(/AM|PM/);
      await waitForServiceWorker(page);
      await context.setOffline(true);
      await saveTimeFormat(page, '24Hour');
      await expect(pendingButton(page)).toHaveText(new RegExp(countText('PendingWrites', 1)));
      await platform.fault({ method: 'PUT', path: preferencesPrefix, status: 400, times: 1 });
      await context.setOffline(false);

      await expect(page.getByText(countText('WritesFailed', 1)).first()).toBeVisible({ timeout: 20_000 });
      await expect(pendingButton(page)).toHaveText(new RegExp(countText('WritesFailed', 1)));
      // The platform still has 12-hour: the shell shows that again.
      await expect(clock(page)).toContainText(/AM|PM/);

      // A later save goes through; in that same replay the refused one is not sent again.
      await saveTimeFormat(page, '24Hour');
      await expect(page.getByText(en.PreferencesSaved!)).toBeVisible();
      const puts = await preferencesPuts(platform);
      expect(puts.map((p) => (p.status < 300 ? 'ok' : p.status))).toEqual([400, 'ok']);
      expect(idempotencyKey(puts[0]!)).not.toBe(idempotencyKey(puts[1]!));

      await pendingButton(page).click();
      const list = new Dialog(page, en.PendingWritesTitle!);
      const item = list.root.getByRole('listitem');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(en.WriteSavePreferences!);
      await expect(item).toContainText('(400)');
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await item.getByRole('button', { name: en.Dismiss }).click();
      await expect(list.root.getByRole('listitem')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(pendingButton(page)).toHaveCount(0);
      expect(await queued(page)).toEqual([]);
      expect((await preferencesPuts(platform)).length).toBe(2);
    });
    await test.step('writes queued by one member are dropped, not sent, when another member signs in', async () => {
      await freshStart(page, { keepStorage: true });
      await signedIn(page, 'admin@acme.test');
      await waitForServiceWorker(page);
      await platform.fault({ method: 'PUT', path: preferencesPrefix, drop: true });
      await saveTimeFormat(page, '24Hour');
      await expect(pendingButton(page)).toBeVisible();
      // The replay the reload starts is held in the browser before its request leaves (as a busy
      // connection pool on a loaded machine holds it), until the member has been signed out.
      const leaving: Route[] = [];
      await context.route(`**${preferencesPrefix}**`, (route) => (route.request().method() === 'PUT' ? void leaving.push(route) : route.continue()));
      // A forced sign-out (the session refused at its next refresh) keeps the member's writes; an
      // explicit one would discard them (signout.spec). The refusal waits until the write is on its way.
      await platform.fault({ path: '/api/access/v1/oauth/token', status: 400, times: 1 });
      const refusal = await platform.fault({ path: '/api/access/v1/oauth/token', hold: true });
      await platform.clock(1000);
      await page.reload();
      await expect.poll(() => leaving.length).toBeGreaterThan(0);
      await platform.removeFault(refusal.id);
      // The page holds a waiting write, so the shell offers to sign in again over it; this member leaves.
      const reSignIn = new Dialog(page, en.ReSignInTitle!, 'alertdialog');
      await reSignIn.button(en.ReSignInLeave!).click();
      await expect(page).toHaveURL(/\/auth/);
      expect(await queued(page)).toHaveLength(1);

      await platform.clearFaults();
      // What was still on its way when the member was signed out never reaches the platform.
      await context.unroute(`**${preferencesPrefix}**`);
      for (const route of leaving) await route.continue().catch(() => undefined);
      for (const route of leaving) expect(await route.request().response()).toBeNull();
      await new SignInPage(page).submit('sandbox@acme.test');
      await new ShellChrome(page).expectSignedInAs('Sam Sandbox');
      await expect.poll(() => queued(page)).toEqual([]);
      await expect(pendingButton(page)).toHaveCount(0);
      expect((await preferencesPuts(platform)).filter((r) => !r.dropped)).toEqual([]);
    });
  });
});

test.describe('outbox without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the page replays the queue itself: sent once when the network returns', async ({ context, page, signedIn, platform }) => {
    await signedIn(page, 'admin@acme.test');
    // Without a service worker nothing is precached: open the dialog once online so its code is here.
    const preferences = await new ShellChrome(page).openPreferences();
    await preferences.expectOpen();
    await page.keyboard.press('Escape');
    await preferences.expectClosed();
    // And every chunk the start defers (toasts, the after-first-screen work): one still on its way
    // when the network goes is a failed import (seen on a loaded machine: the route's error page).
    await finishedStarting(page);
    await context.setOffline(true);
    await saveTimeFormat(page, '24Hour');
    await expect(pendingButton(page)).toHaveText(new RegExp(countText('PendingWrites', 1)));
    await context.setOffline(false);
    await expect(page.getByText(countText('WritesSent', 1))).toBeVisible({ timeout: 20_000 });
    const puts = await preferencesPuts(platform);
    // The replay signs its proof when it sends (the session's key), never a proof kept with the write.
    expect(puts.map((p) => [p.status < 300, p.replayed, memberCredential().test(p.headers.authorization ?? ''), p.dpop])).toEqual([[true, false, true, proofVerdict()]]);
    await page.reload();
    await expect(clock(page)).not.toContainText(/AM|PM/);
  });
});
