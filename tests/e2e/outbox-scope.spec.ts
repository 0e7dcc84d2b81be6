import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import type { LoggedRequest, PlatformControl } from './support/platform.ts';
import { ShellChrome } from './support/pages.ts';
import { tokenClaims } from './support/credentials.ts';

/**
 * A queued write belongs to the scope it was made in: an organisation-defaults write (no scope in
 * its path) made in one organisation group or role is never sent with another group's or role's token.
 */
test.use({ serviceWorkers: 'block' });

const organisationPath = '/api/globalization/v1/ui-settings';

const claimsOf = (r: LoggedRequest) => tokenClaims<{ orgGroupGuid?: string; role?: string }>(r.headers.authorization);

const storedGroup = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('trust-shell');
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('auth');
          get.onsuccess = () => resolve((get.result as { orgGroupGuid?: string } | undefined)?.orgGroupGuid ?? null);
          get.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
  );

/** Switches organisation group; the page reloads in the new group (session/page/switching). */
async function switchGroup(page: Page, name: string) {
  const chrome = new ShellChrome(page);
  const groups = chrome.organisationGroups;
  const reloaded = page.waitForEvent('load');
  await groups.click();
  await chrome.choice(name).click();
  await reloaded;
  await expect(groups).toContainText(name);
}

/** Switches role in the avatar menu; the page reloads in the new role. */
async function switchRole(page: Page, name: string) {
  const chrome = new ShellChrome(page);
  const reloaded = page.waitForEvent('load');
  await chrome.userMenuButton.click();
  await chrome.choice(name).click();
  await reloaded;
  await chrome.userMenuButton.click();
  await expect(chrome.choice(name)).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
}

/** Saves the organisation defaults while their path fails at network level: the write is kept. */
async function keepOrganisationWrite(page: Page, platform: PlatformControl) {
  const chrome = new ShellChrome(page);
  await platform.fault({ method: 'PUT', path: organisationPath, drop: true });
  const dialog = await chrome.openPreferences();
  const organisation = dialog.root.getByRole('form', { name: en.OrganisationDefaults });
  await organisation.getByLabel(en.DateFormat!).selectOption('DD.MM.YYYY');
  await organisation.getByRole('button', { name: en.SaveOrganisationDefaults }).click();
  await expect(organisation.getByText(en.YouAreOffline!)).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await dialog.expectClosed();
  await expect(chrome.pendingWrites(1)).toBeVisible();
}

test('an organisation-defaults write made in group X, kept while its path fails, is not sent after a switch to group Y', async ({ page, signedIn, platform }) => {
  await signedIn(page, 'admin@acme.test');
  const chrome = new ShellChrome(page);
  const groups = chrome.organisationGroups;
  await expect(groups).toContainText('Acme Global');
  const groupX = await storedGroup(page);
  await keepOrganisationWrite(page, platform);

  await switchGroup(page, 'Acme Labs');
  expect(await storedGroup(page)).not.toBe(groupX);
  // The path answers again; the shell starts again (and replays what waits).
  await platform.clearFaults();
  await page.reload();
  await expect(groups).toContainText('Acme Labs');
  await expect(chrome.pendingWrites(1)).toBeVisible();
  const applied = async () => (await platform.log({ path: organisationPath, method: 'PUT' })).filter((r) => !r.dropped && r.status < 300);
  expect((await applied()).map((r) => claimsOf(r).orgGroupGuid)).toEqual([]);

  // Back in group X the write goes, with X's token, once.
  await switchGroup(page, 'Acme Global');
  await page.reload();
  await expect.poll(async () => (await applied()).map((r) => claimsOf(r).orgGroupGuid), { timeout: 20_000 }).toEqual([groupX]);
});

test('a write made as Site Admin waits while the member is an Auditor and goes, once, back in its role', async ({ page, signedIn, platform }) => {
  await signedIn(page, 'admin@acme.test');
  const chrome = new ShellChrome(page);
  await expect(chrome.memberName).toHaveText('Ada Admin');
  await keepOrganisationWrite(page, platform);

  await switchRole(page, 'Auditor');
  // The path answers again; the shell starts again (and replays what waits).
  await platform.clearFaults();
  await page.reload();
  await expect(chrome.memberName).toHaveText('Ada Admin');
  await expect(chrome.pendingWrites(1)).toBeVisible();
  const sent = async () => (await platform.log({ path: organisationPath, method: 'PUT' })).filter((r) => !r.dropped);
  // Not sent at all as an Auditor (who would be refused it, and the member told it failed).
  expect((await sent()).map((r) => claimsOf(r).role)).toEqual([]);

  await switchRole(page, 'Site Admin');
  await expect.poll(async () => (await sent()).map((r) => [claimsOf(r).role, r.status < 300]), { timeout: 20_000 }).toEqual([['Site Admin', true]]);
  await expect(chrome.pendingWrites(1)).toHaveCount(0);
});
