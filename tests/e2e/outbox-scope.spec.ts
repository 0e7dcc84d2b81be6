import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import type { LoggedRequest } from './support/platform.ts';
import { ShellChrome } from './support/pages.ts';
import { presentedToken } from './support/credentials.ts';

/**
 * A queued write belongs to the scope it was made in: an organisation-defaults write (no scope in
 * its path) made in one organisation group is never sent with another group's token.
 */
test.use({ serviceWorkers: 'block' });

const organisationPath = '/api/globalization/v1/ui-settings';

const claimsOf = (r: LoggedRequest): { orgGroupGuid?: string } => {
  const token = presentedToken(r.headers.authorization);
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { orgGroupGuid?: string };
  } catch {
    return {};
  }
};

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

async function switchGroup(page: Page, name: string) {
  const chrome = new ShellChrome(page);
  const groups = chrome.organisationGroups;
  await groups.click();
  await chrome.choice(name).click();
  await expect(groups).toContainText(name);
}

test('an organisation-defaults write made in group X, kept while its path fails, is not sent after a switch to group Y', async ({ page, signedIn, platform }) => {
  await signedIn(page, 'admin@acme.test');
  const chrome = new ShellChrome(page);
  const groups = chrome.organisationGroups;
  await expect(groups).toContainText('Acme Global');
  const groupX = await storedGroup(page);

  // The path fails at network level: the write is kept.
  await platform.fault({ method: 'PUT', path: organisationPath, drop: true });
  const dialog = await chrome.openPreferences();
  const organisation = dialog.root.getByRole('form', { name: en.OrganisationDefaults });
  await organisation.getByLabel(en.DateFormat!).selectOption('DD.MM.YYYY');
  await organisation.getByRole('button', { name: en.SaveOrganisationDefaults }).click();
  await expect(organisation.getByText(en.YouAreOffline!)).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await dialog.expectClosed();
  await expect(chrome.pendingWrites(1)).toBeVisible();

  await switchGroup(page, 'Acme Labs');
  const groupY = await storedGroup(page);
  expect(groupY).not.toBe(groupX);
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
