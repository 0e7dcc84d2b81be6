import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import type { PlatformControl } from './support/platform.ts';
import { presentedToken, tokenClaims } from './support/credentials.ts';

// The service worker's cache of the contract's cacheable answers.
test.use({ serviceWorkers: 'allow' });

/** The start of a member's bucket names: member, tenant, organisation group and role (the language follows). */
async function partitionOf(platform: PlatformControl, email: string): Promise<string> {
  const { access_token } = await platform.token(email);
  const claims = tokenClaims<{ guid: string; tenantGuid: string; orgGroupGuid: string; role: string }>(access_token);
  return `trust-shell-api:${[claims.guid, claims.tenantGuid, claims.orgGroupGuid].map((id) => id.toLowerCase()).join(':')}:${encodeURIComponent(claims.role)}:`;
}

const apiCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('trust-shell-api')));

/** A cacheable call as a screen makes it: its status, and whether the cache answered. */
const versionCall = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/content/v1/info/version');
    return { status: response.status, fromCache: response.headers.get('x-trust-shell-from-cache') };
  });

test('cached answers belong to one member and tenant: offline, A sees A; after A signs out, B never gets A’s', async ({ context, page, signedIn, platform }) => {
  const partitionA = await partitionOf(platform, 'admin@acme.test');
  const partitionB = await partitionOf(platform, 'sandbox@acme.test');
  expect(partitionA).not.toBe(partitionB);

  await signedIn(page, 'admin@acme.test');
  const chrome = new ShellChrome(page);
  await waitForServiceWorker(page);
  await page.reload(); // now through the service worker, which keeps the cacheable answers
  await chrome.expectSignedInAs('Ada Admin');
  await expect.poll(() => apiCaches(page)).toEqual([`${partitionA}en-us`]);

  await context.setOffline(true);
  await page.reload();
  await chrome.expectSignedInAs('Ada Admin');
  await expect(chrome.offline).toBeVisible();
  expect(await versionCall(page)).toEqual({ status: 200, fromCache: '1' });

  await context.setOffline(false);
  await chrome.signOut();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await apiCaches(page)).toEqual([]);

  await new SignInPage(page).submit( 'sandbox@acme.test');
  await expect(page).toHaveURL(/\/mfe-host/);
  await chrome.expectSignedInAs('Sam Sandbox');
  await page.reload();
  await chrome.expectSignedInAs('Sam Sandbox');
  await expect.poll(() => apiCaches(page)).toEqual([`${partitionB}en-us`]);

  await context.setOffline(true);
  await page.reload();
  await chrome.expectSignedInAs('Sam Sandbox');
  await expect(page.getByText('Ada Admin')).toHaveCount(0);
  expect(await versionCall(page)).toEqual({ status: 200, fromCache: '1' });
  expect(await apiCaches(page)).toEqual([`${partitionB}en-us`]);
});

/**
 * The contract lets the platform answer cacheable calls with
 * `Cache-Control: private, max-age=3600`, and the browser's HTTP cache is keyed by URL alone, not by
 * the bearer. Admin of Acme Corp (workspace navigation, brand title "Acme Workspace") signs in,
 * reloads and signs out; a member of another tenant with no path prefix (the same URLs) signs in
 * in the same browser: the shell must show that member's tenant, never Acme's brand title, and
 * every cacheable call must have reached the platform with the new member's bearer.
 */
async function nextMemberSeesOnlyTheirOwn(page: Page, signedIn: (page: Page, email: string) => Promise<void>, platform: PlatformControl, worker: boolean) {
  await platform.cacheAnswers(3600);
  const acme = (await platform.token('admin@acme.test')).access_token;
  const workspace = await page.request.get('/api/branding/v1/branding?isWorkspaceNavigation=true', { headers: { Authorization: `Bearer ${acme}` } });
  const acmeTitle = ((await workspace.json()) as { pageTitle: string }).pageTitle;
  expect(workspace.headers()['cache-control']).toBe('private, max-age=3600');

  await signedIn(page, 'admin@acme.test');
  const chrome = new ShellChrome(page);
  if (worker) await waitForServiceWorker(page);
  await page.reload();
  await expect(chrome.bar).toContainText(acmeTitle);
  await chrome.signOut();
  await expect(page).toHaveURL(/\/auth$/);

  await platform.clearLog();
  await new SignInPage(page).submit( 'trial@acme.test');
  await expect(page).toHaveURL(/\/mfe-host/);
  await expect(chrome.tenantName).toContainText('Initech (trial)');
  await expect(chrome.memberName).not.toHaveText('');
  await expect.poll(async () => (await platform.log({ path: '/api/atlas/v1/navigation/configuration' })).length).toBeGreaterThan(0);
  await expect(chrome.bar).not.toContainText(acmeTitle);
  // Acme's tenant translation override ("Home" → "Acme Home") is Acme's too.
  await expect(page.getByText('Acme Home')).toHaveCount(0);
  const trial = (await platform.token('trial@acme.test')).access_token;
  const tenantOf = (token: string) => (tokenClaims<{ tenantGuid: string }>(token)).tenantGuid;
  const sent = await platform.log({ path: '/api/' });
  expect(sent.length).toBeGreaterThan(0);
  for (const call of sent.filter((c) => c.headers.authorization)) expect(tenantOf(presentedToken(call.headers.authorization)), call.path).toBe(tenantOf(trial));
}

test('the browser’s HTTP cache never hands one member’s answers to the next (service worker)', async ({ page, signedIn, platform }) => {
  await nextMemberSeesOnlyTheirOwn(page, signedIn, platform, true);
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });
  test('the browser’s HTTP cache never hands one member’s answers to the next (page pipeline)', async ({ page, signedIn, platform }) => {
    await nextMemberSeesOnlyTheirOwn(page, signedIn, platform, false);
  });
});

test('a start under the worker reads built files from its precache without waking it; a tenant switch drops the cache', async ({ page, signedIn, platform }) => {
  const partitionA = await partitionOf(platform, 'admin@acme.test');
  await signedIn(page, 'admin@acme.test');
  await waitForServiceWorker(page);
  await page.reload();
  await test.step('a start under the worker reads the built files from its precache by the browser’s own route, not waking it', async () => {
    await expect(page.getByTestId('user-name')).toHaveText('Ada Admin');
    // Resource Timing names the route the browser took for each file (Chromium's static routing
    // fields): the rule's cache, and found there, for every script and style sheet of the start.
    const routes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
        .map((entry) => {
          const timing = entry as PerformanceResourceTiming & { workerMatchedSourceType?: string; workerFinalSourceType?: string };
          return `${timing.workerMatchedSourceType} → ${timing.workerFinalSourceType}`;
        }),
    );
    expect(routes.length).toBeGreaterThan(10);
    expect([...new Set(routes)]).toEqual(['cache → cache']);
  });
  await test.step('a tenant switch deletes the old tenant’s cached answers', async () => {
    // The start above was through the service worker, which keeps the cacheable answers.
    await expect.poll(() => apiCaches(page)).toEqual([`${partitionA}en-us`]);
    const chrome = new ShellChrome(page);
    await chrome.switchTenant('sandbox');
    await expect(chrome.tenantName).toContainText('Acme Sandbox');
    await expect.poll(async () => (await apiCaches(page)).some((name) => name.startsWith(partitionA))).toBe(false);
  });
});
