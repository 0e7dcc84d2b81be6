import type { Page } from '@playwright/test';
import { test, expect, finishedStarting, waitForServiceWorker } from './fixtures.ts';
import { ShellChrome } from './support/pages.ts';
import { refreshGrants } from './support/session.ts';
import { storedEntry } from './support/shellStorage.ts';
import { leftBehind, memberMarks, scanOrigin } from './support/storageScan.ts';

// Issue 46 items 1 and 2: nothing of a member is left on the device after their session ends,
// however it ends, but what the inventory (src/core/inventory) keeps: the last e-mail, the
// language, device settings, and after a forced end their drafts and waiting writes.

const email = 'admin@acme.test';
/** What a business screen writes under the product prefix (SPEC §3 names its risk register list). */
const planted = { key: 'trust-shell.riskRegisterList', value: 'planted-risk-register-of-the-member' };

async function signedInMember(page: Page, signedIn: (page: Page, email: string, path?: string) => Promise<void>, path?: string) {
  await signedIn(page, email, path);
  await new ShellChrome(page).expectSignedInAs('Ada Admin');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), planted);
  const token = (await storedEntry(page, 'accessToken')) as string;
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { guid: string };
  return memberMarks({ guid: claims.guid, email, name: ['Ada', 'Admin'] }, [planted.key, planted.value]);
}

/** Where the inventory keeps something of the member: the last e-mail always; drafts and waiting writes after a forced end. */
const keptAlways = (where: string) => where === 'localStorage:trust-shell.lastLoginEmail';
const keptAfterForced = (where: string) => keptAlways(where) || where.startsWith('indexedDB:trust-shell-outbox/writes/') || where.startsWith('localStorage:trust-shell.draft.');

test.describe('nothing of the member left behind', () => {
  test('(a) after an explicit sign-out, every store of the origin holds nothing of the member', async ({ page, signedIn }) => {
    const marks = await signedInMember(page, signedIn);
    await finishedStarting(page);
    await new ShellChrome(page).signOut();
    await expect(page).toHaveURL(/\/auth$/);
    await finishedStarting(page);
    expect(leftBehind(await page.evaluate(scanOrigin), marks, keptAlways)).toEqual([]);
  });

  test('(b) after a refused refresh, every store of the origin holds nothing of the member', async ({ page, signedIn, platform }) => {
    const marks = await signedInMember(page, signedIn);
    await finishedStarting(page);
    await platform.clearLog();
    await platform.fault({ path: '/api/access/v1/oauth/token', status: 400 });
    await platform.clock(1000);
    await page.reload();
    await expect(page).toHaveURL(/\/auth$/);
    expect(refreshGrants(await platform.log({ path: '/api/access/v1/oauth/token' })).map((g) => g.status)).toEqual([400]);
    await finishedStarting(page);
    expect(leftBehind(await page.evaluate(scanOrigin), marks, keptAfterForced)).toEqual([]);
  });

  test.describe('in the service worker', () => {
    test.use({ serviceWorkers: 'allow' });

    test('(c) a session the worker ends with no tab open (a Background Sync replay, refresh refused) leaves nothing of the member in its stores; the next page start clears local storage', async ({ context, page, signedIn, platform }) => {
      const marks = await signedInMember(page, signedIn);
      await waitForServiceWorker(page);
      await finishedStarting(page);
      // A write waits in the outbox (made offline), and no tab of the shell stays open.
      await new ShellChrome(page).saveTimeFormat('24Hour', { offline: context });
      await page.goto('about:blank');
      await platform.clearLog();
      await platform.fault({ path: '/api/access/v1/oauth/token', status: 400 });
      await platform.clock(1000);
      await context.setOffline(false);
      const [worker] = context.serviceWorkers();
      expect(worker).toBeDefined();
      // Background Sync's event, as the browser fires it when the network is back.
      await worker!.evaluate(() => {
        const { ExtendableEvent } = globalThis as unknown as { ExtendableEvent: typeof Event };
        const event = new ExtendableEvent('sync');
        Object.defineProperty(event, 'tag', { value: 'trust-shell-outbox' });
        self.dispatchEvent(event);
      });
      await expect.poll(async () => refreshGrants(await platform.log({ path: '/api/access/v1/oauth/token' })).map((g) => g.status)).toEqual([400]);
      await expect.poll(() => worker!.evaluate(scanOrigin).then((items) => items.some((i) => i.where === 'indexedDB:trust-shell/kv/auth'))).toBe(false);
      // The worker's own stores hold nothing of the member (IndexedDB, Cache Storage): it left nothing for a tab to clear there.
      await expect.poll(async () => leftBehind(await worker!.evaluate(scanOrigin), marks, keptAfterForced)).toEqual([]);
      // Local storage, which the worker cannot reach, still holds the member's keys until a page starts.
      await page.goto('/auth');
      await expect(page).toHaveURL(/\/auth$/);
      await finishedStarting(page);
      expect(leftBehind(await page.evaluate(scanOrigin), marks, keptAfterForced)).toEqual([]);
    });
  });
});
