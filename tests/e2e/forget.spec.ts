import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { tokenClaims } from './support/credentials.ts';
import { finishedStarting, waitForServiceWorker } from './support/waits.ts';
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
  const claims = tokenClaims<{ guid: string }>(token);
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

    test('(c) a session the worker ends with no tab open leaves nothing of the member; the next page start clears storage', async ({ context, page, signedIn, platform }) => {
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

// Issue 46 item 3: what is kept for one member, tenant, organisation group and role (the last known
// state, the organisation tree, the brand, the kept top bar, API answers, the business screens' keys)
// is that scope's only: an organisation-group switch deletes it, and no start shows it for another.
test.describe('an organisation-group switch', () => {
  /** Organisations only the first group (Acme Global) has: the second (Acme Labs) has none of them. */
  const firstGroupOrganisations = ['Privacy Office', 'Platform Team', 'AI Lab'];
  /** Where the inventory keeps a scope's data through a switch: waiting writes and drafts, each keyed by its scope. */
  const keptAtSwitch = (where: string) => where.startsWith('indexedDB:trust-shell-outbox/writes/') || where.startsWith('localStorage:trust-shell.draft.');

  test('(d) leaves nothing of the previous group where the inventory says, and an offline start shows none of it', async ({ page, signedIn, platform }) => {
    await signedIn(page, email);
    const chrome = new ShellChrome(page);
    await expect(chrome.organisationGroups).toContainText('Acme Global');
    await expect(chrome.organisationPicker).toContainText('Acme Corp');
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), planted);
    // The first group's marks: its own organisations, its colleagues' ids (their rows are the group's), the business screen's key.
    const state = (await storedEntry(page, 'lastKnownState')) as { orgGroupUsers: { Id: string; Email: string }[] } | null;
    const colleagues = (state?.orgGroupUsers ?? []).filter((u) => u.Email.endsWith('@example.test')).map((u) => u.Id);
    expect(colleagues.length).toBeGreaterThan(0);
    const marks = [...firstGroupOrganisations, ...colleagues, planted.value].map((s) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
    // Before the switch the device holds the first group's copies (the tree is kept by its worker a moment after it loads).
    await expect.poll(async () => leftBehind(await page.evaluate(scanOrigin), marks, () => false).some((where) => where.startsWith('indexedDB:trust-shell-orgtree/trees/'))).toBe(true);
    await finishedStarting(page);

    // The switch's reload cannot load the second group's state (init unanswered, as offline): it
    // would show whatever the device kept.
    await platform.fault({ path: '/api/global-state/v1/init', status: 503 });
    await chrome.organisationGroups.click();
    const reloaded = page.waitForEvent('load');
    await chrome.choice('Acme Labs').click();
    await reloaded;
    await expect(chrome.userMenuButton).toBeVisible();
    await finishedStarting(page);
    // Not the first group's kept copy: its tree (the current organisation named from it), its users.
    await expect(chrome.organisationPicker).not.toContainText('Acme Corp');
    for (const name of firstGroupOrganisations) await expect(page.getByText(name)).toHaveCount(0);
    expect(leftBehind(await page.evaluate(scanOrigin), marks, keptAtSwitch)).toEqual([]);

    // A warm start (a live session, the platform's answers on their way) paints nothing of the first group either.
    await platform.clearFaults();
    const held = await platform.fault({ path: '/api/global-state/v1/init', hold: true });
    await page.reload();
    // Started: the shell painted from the device (a warm start), or the loading display (a cold one).
    await expect(chrome.memberName.or(page.locator('.loading')).first()).toBeVisible();
    await expect(chrome.organisationPicker.filter({ hasText: 'Acme Corp' })).toHaveCount(0);
    await platform.removeFault(held.id);
    await expect(chrome.organisationPicker).toContainText('Acme Labs');
  });
});
