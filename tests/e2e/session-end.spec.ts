import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { tokenClaims } from './support/credentials.ts';
import { finishedStarting } from './support/waits.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { expireAccessTokens, refreshGrants } from './support/session.ts';
import { storedEntry } from './support/shellStorage.ts';
import type { PlatformControl } from './support/platform.ts';

/**
 * A session that ended stays ended: a refresh answer that comes after the sign-out is never
 * stored (it would bring the signed-out member back, or replace the next member's session).
 */

const tokenPath = '/api/access/v1/oauth/token';
const logoutPath = '/api/access/v1/auth/logout';
const workScreen = '/mfe-host/home?calls=2';
const runCalls = 'Run 2 calls';

// The refresh runs in the page here, so its answer reaches the tab that signed out.
test.use({ serviceWorkers: 'block' });

/** The member guid in a stored auth object's refresh token. */
function memberOf(auth: unknown): string | null {
  const token = (auth as { refresh_token?: unknown } | null)?.refresh_token;
  if (typeof token !== 'string') return null;
  const payload = tokenClaims<{ guid?: string }>(token);
  return payload.guid ?? null;
}

/** Signed in on the example screen, the access token expired for the platform, a refresh on its way (6 s). */
async function refreshOnItsWay(page: Page, signedIn: (p: Page, e: string, path: string) => Promise<void>, platform: PlatformControl) {
  await signedIn(page, 'admin@acme.test', workScreen);
  await expect(page.getByRole('button', { name: runCalls })).toBeVisible();
  await finishedStarting(page);
  await expireAccessTokens(
    platform,
    // Only the refresh is slow; a later sign-in's grant is answered at once.
    { path: tokenPath, latencyMs: 6000, times: 1 },
    // The sign-out's server logout cannot be reached: the sign-out is local only, as on a flaky network.
    { path: logoutPath, status: 503, times: 1 },
  );
  await page.getByRole('button', { name: runCalls }).click();
  const grants = async () => refreshGrants(await platform.log({ path: tokenPath })).map((g) => g.status);
  await expect.poll(grants).toEqual([0]);
  return grants;
}

test('a sign-out while a refresh is on its way: its late answer does not bring the session back', async ({ page, context, signedIn, platform }) => {
  const grants = await refreshOnItsWay(page, signedIn, platform);
  await new ShellChrome(page).signOut();
  await expect(page).toHaveURL(/\/auth$/);
  // The platform answers the grant after the sign-out.
  await expect.poll(grants, { timeout: 15_000 }).toEqual([200]);
  await expect.poll(() => storedEntry(page, 'auth')).toBeNull();
  await expect.poll(() => storedEntry(page, 'accessToken')).toBeNull();

  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(new SignInPage(page).heading).toBeVisible();
  const second = await context.newPage();
  await second.goto('/mfe-host');
  await expect(second).toHaveURL(/\/auth$/);
  await expect(new SignInPage(second).heading).toBeVisible();

  // The dropped tokens are ended at the platform too (the sign-out's own logout was not reached).
  const loggedOut = async () => (await platform.log({ path: logoutPath })).map((r) => r.status);
  await expect.poll(loggedOut).toEqual([503, 204]);
});

test('another member signs in while the refresh is on its way: their session is untouched by the late answer', async ({ page, context, signedIn, platform }) => {
  const grants = await refreshOnItsWay(page, signedIn, platform);
  await new ShellChrome(page).signOut();
  await expect(page).toHaveURL(/\/auth$/);
  await new SignInPage(page).submit('basic@acme.test');
  await expect(page).toHaveURL(/\/mfe-host/);
  const basicAuth = await storedEntry(page, 'auth');
  expect(memberOf(basicAuth)).toBeTruthy();
  // The refresh grant was sent first; now it is answered.
  await expect.poll(async () => (await grants())[0], { timeout: 15_000 }).toBe(200);

  await page.reload();
  const chrome = new ShellChrome(page);
  await expect(chrome.memberName).not.toBeEmpty();
  await expect(chrome.memberName).not.toHaveText('Ada Admin');
  // Still the second member's session (it may have been refreshed since, in its own right).
  expect(memberOf(await storedEntry(page, 'auth'))).toBe(memberOf(basicAuth));
  const second = await context.newPage();
  await second.goto('/mfe-host');
  const secondChrome = new ShellChrome(second);
  await expect(secondChrome.memberName).not.toBeEmpty();
  await expect(secondChrome.memberName).not.toHaveText('Ada Admin');
});

test('an answer held back past the sign-out is not kept in the signed-out member’s cache', async ({ page, signedIn, platform }) => {
  // The workspace brand is asked for behind the rendered shell; the platform is slow with it.
  await platform.fault({ method: 'GET', path: '/api/branding/v1/branding', latencyMs: 6000 });
  await signedIn(page, 'admin@acme.test');
  const brand = async () => (await platform.log({ path: '/api/branding/v1/branding' })).map((r) => r.status);
  await expect.poll(brand).toContain(0);
  await new ShellChrome(page).signOut();
  await expect(page).toHaveURL(/\/auth$/);
  await expect.poll(brand, { timeout: 15_000 }).not.toContain(0);
  // Every call the platform got has been answered (the cache write follows its answer closely);
  // the browser's own network-idle signal was not reliable here on a loaded machine.
  await expect.poll(async () => (await platform.log()).filter((r) => r.status === 0).length, { timeout: 15_000 }).toBe(0);
  const buckets = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('trust-shell-api')));
  await expect.poll(buckets).toEqual([]);
});
