import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { arriveSignedIn } from './support/signIn.ts';
import { ShellChrome } from './support/pages.ts';
import { expireAccessTokens, refreshGrants } from './support/session.ts';
import { startShellServerWithConfig } from './support/server.ts';
import { PlatformControl, type LoggedRequest } from './support/platform.ts';

/**
 * A network that loses answers never signs a member out (contract "Refresh grace"): a refresh grant
 * whose answer is lost, or whose tab goes away before it comes, is presented again within the
 * platform's grace and answered the same. Without a grace the documented rule stands.
 */
const tokenPath = '/api/access/v1/oauth/token';

const grants = async (platform: PlatformControl): Promise<LoggedRequest[]> => refreshGrants(await platform.log({ path: tokenPath }));

/** Waits until a refresh grant has reached the platform and is still unanswered. */
async function grantInFlight(platform: PlatformControl): Promise<void> {
  await expect.poll(async () => (await grants(platform)).filter((g) => g.status === 0 && !g.dropped).length).toBeGreaterThan(0);
}

async function stillSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/mfe-host$/);
  await expect(new ShellChrome(page).memberName).toHaveText('Ada Admin');
}

test.describe('refresh grace', () => {
  test('a refresh answer lost after the platform applied it: still signed in, one grace replay, no reuse', async ({ page, signedIn, platform }) => {
    await signedIn(page, 'admin@acme.test');
    await stillSignedIn(page);
    // The next grant is applied, then its connection dropped before the answer.
    await expireAccessTokens(platform, { method: 'POST', path: tokenPath, dropAfterApply: true, times: 1 });
    await page.reload();
    await stillSignedIn(page);
    await expect.poll(async () => (await grants(platform)).filter((g) => g.graceReplay && g.status === 200).length).toBe(1);
    const log = await grants(platform);
    expect(log.filter((g) => g.reuse)).toEqual([]);
    expect(log.filter((g) => g.dropped)).toHaveLength(1);
    // The calls the refresh held back went through with the repeated answer's token.
    await expect.poll(async () => (await platform.log({ path: '/api/global-state/v1/init' })).some((r) => r.status === 200)).toBe(true);
    await page.reload();
    await stillSignedIn(page);
  });

  test('a reload while the platform holds a refresh grant: the next page presents it again and stays signed in', async ({ page, signedIn, platform }) => {
    await signedIn(page, 'admin@acme.test');
    await stillSignedIn(page);
    // The platform takes 4 s over the grant and applies it; the member reloads while it waits.
    await expireAccessTokens(platform, { method: 'POST', path: tokenPath, latencyMs: 4_000, times: 1 });
    await page.reload();
    await grantInFlight(platform);
    await page.reload();
    await stillSignedIn(page);
    await expect.poll(async () => (await grants(platform)).filter((g) => g.status === 200).length).toBe(2);
    const log = await grants(platform);
    // The same refresh token both times, never a reuse: one was answered, the other the same again.
    expect(new Set(log.map((g) => (g.body as { refresh_token: string }).refresh_token)).size).toBe(1);
    expect(log.filter((g) => g.reuse)).toEqual([]);
    expect(log.filter((g) => g.graceReplay)).toHaveLength(1);
  });
});

test.describe('no refresh grace (refreshGraceSeconds 0)', () => {
  test('a reload while the platform holds a refresh grant ends the session, as documented: the sign-in page, return URL kept', async ({ page }) => {
    const server = await startShellServerWithConfig({ authClient: { refreshGraceSeconds: 0 } });
    try {
      const platform = new PlatformControl(page.request, server);
      await platform.reset();
      await platform.refreshGrace(0);
      await arriveSignedIn(page, platform, 'admin@acme.test', '/mfe-host/home', server.baseURL);
      await expect(new ShellChrome(page).memberName).toHaveText('Ada Admin');
      await expireAccessTokens(platform, { method: 'POST', path: tokenPath, latencyMs: 4_000, times: 1 });
      await page.reload();
      await grantInFlight(platform);
      await page.reload();
      await expect(page).toHaveURL(/\/auth$/);
      // The spent token was never presented again (that would be reuse, which revokes the session).
      expect(await grants(platform)).toHaveLength(1);
      expect(await page.evaluate(() => sessionStorage.getItem('trust-shell.returnUrl'))).toBe('/mfe-host/home');
    } finally {
      await server.close();
    }
  });
});
