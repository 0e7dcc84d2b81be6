import type { Page } from '@playwright/test';
import { test, expect, en, fillSignIn, signOut, waitForServiceWorker } from './fixtures.ts';
import type { PlatformControl } from './support/platform.ts';

// Issue 7 item 1: the service worker's cache of the contract's cacheable answers.
test.use({ serviceWorkers: 'allow' });

async function partitionOf(platform: PlatformControl, email: string): Promise<string> {
  const { access_token } = await platform.token(email);
  const claims = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString('utf8')) as { guid: string; tenantGuid: string };
  return `trust-shell-api:${claims.guid.toLowerCase()}:${claims.tenantGuid.toLowerCase()}:`;
}

const apiCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('trust-shell-api')));

/** A cacheable call as a screen makes it: its status, and whether the cache answered. */
const versionCall = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/content/v1/info/version');
    return { status: response.status, fromCache: response.headers.get('x-trust-shell-from-cache') };
  });

test('cached answers belong to one member and tenant: offline, A sees A; after A signs out, B never gets A’s', async ({ context, page, signIn, platform }) => {
  const partitionA = await partitionOf(platform, 'admin@acme.test');
  const partitionB = await partitionOf(platform, 'sandbox@acme.test');
  expect(partitionA).not.toBe(partitionB);

  await signIn(page, 'admin@acme.test');
  await waitForServiceWorker(page);
  await page.reload(); // now through the service worker, which keeps the cacheable answers
  await expect(page.getByTestId('user-name')).toHaveText('Ada Admin');
  await expect.poll(() => apiCaches(page)).toEqual([`${partitionA}en-us`]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText('Ada Admin');
  await expect(page.getByRole('status').filter({ hasText: en.Offline! })).toBeVisible();
  expect(await versionCall(page)).toEqual({ status: 200, fromCache: '1' });

  await context.setOffline(false);
  await signOut(page);
  await expect(page).toHaveURL(/\/auth$/);
  expect(await apiCaches(page)).toEqual([]);

  await fillSignIn(page, 'sandbox@acme.test');
  await expect(page).toHaveURL(/\/mfe-host/);
  await expect(page.getByTestId('user-name')).toHaveText('Sam Sandbox');
  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText('Sam Sandbox');
  await expect.poll(() => apiCaches(page)).toEqual([`${partitionB}en-us`]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText('Sam Sandbox');
  await expect(page.getByText('Ada Admin')).toHaveCount(0);
  expect(await versionCall(page)).toEqual({ status: 200, fromCache: '1' });
  expect(await apiCaches(page)).toEqual([`${partitionB}en-us`]);
});

test('a tenant switch deletes the old tenant’s cached answers', async ({ page, signIn, platform }) => {
  const partitionA = await partitionOf(platform, 'admin@acme.test');
  await signIn(page, 'admin@acme.test');
  await waitForServiceWorker(page);
  await page.reload();
  await expect.poll(() => apiCaches(page)).toEqual([`${partitionA}en-us`]);
  await page.getByRole('button', { name: new RegExp(en.SwitchTenant!) }).click();
  const dialog = page.getByRole('dialog', { name: en.SwitchTenant });
  await dialog.getByLabel(en.SearchTenants!).fill('sandbox');
  await dialog.getByRole('listitem').first().getByRole('button').click();
  await expect(page.getByTestId('tenant-name')).toContainText('Acme Sandbox');
  await expect.poll(async () => (await apiCaches(page)).some((name) => name.startsWith(partitionA))).toBe(false);
});
