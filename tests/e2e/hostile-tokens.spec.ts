import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { recordAttempts } from './support/hardening.ts';
import { malformedTokens, megabyteToken } from './support/malformedTokens.ts';
import { plantSession, storedEntry } from './support/shellStorage.ts';
import { refreshGrants } from './support/session.ts';
import type { PlatformControl } from './support/platform.ts';

// Malformed tokens give null claims or a sign-out, never a crash or a blank page.

const tokenPath = '/api/access/v1/oauth/token';
const email = 'admin@acme.test';

/** Uncaught exceptions and unhandled rejections in the page: none of these inputs may cause one. */
function pageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** The sign-in page, usable: its heading and the email field (never the start-up error screen). */
async function expectSignInPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/auth$/);
  await expect(new SignInPage(page).heading).toBeVisible();
  await expect(new SignInPage(page).email).toBeEditable();
}

const tokenAnswer = (token: string) => ({ access_token: token, refresh_token: token, token_type: 'bearer', expires_in: 900, scope: 'read' });

async function grantsAnswered(platform: PlatformControl, grantType: string): Promise<number[]> {
  const log = await platform.log({ path: tokenPath, method: 'POST' });
  return log.filter((r) => (r.body as { grant_type?: string } | null)?.grant_type === grantType).map((r) => r.status);
}

test.describe('malformed tokens', () => {
  test('malformed tokens from the token endpoint at sign-in: "sign-in failed", nothing stored, a real sign-in works after', async ({ page, platform }) => {
    const errors = pageErrors(page);
    const tokens = malformedTokens((await platform.token(email)).access_token);
    recordAttempts('token', Object.keys(tokens).map((name) => `sign-in answer: ${name}`));
    await page.goto('/auth');
    const signInPage = new SignInPage(page);
    await signInPage.continueWith(email);
    for (const [name, token] of Object.entries(tokens)) {
      await platform.override({ method: 'POST', path: tokenPath, status: 200, body: tokenAnswer(token), times: 1 });
      // The form is busy (no alert) from the click until the answer is handled.
      const answered = page.waitForResponse((r) => r.url().endsWith(tokenPath));
      await signInPage.submitPassword();
      await answered;
      await expect(signInPage.error, name).toHaveText(en.SignInFailed!);
      await expect(page, name).toHaveURL(/\/auth$/);
      // The form is usable again: the password was cleared for a new try.
      await expect(signInPage.password, name).toHaveValue('');
      expect(await storedEntry(page, 'auth'), name).toBeNull();
    }
    expect(await grantsAnswered(platform, 'password')).toEqual(Object.keys(tokens).map(() => 200));
    // No override left: the platform's real answer signs the member in.
    await signInPage.submitPassword();
    await expect(page).toHaveURL(/\/mfe-host/);
    await new ShellChrome(page).expectSignedInAs('Ada Admin');
    expect(errors).toEqual([]);
  });

  test('answering a refresh (two parts, no exp, exp in ms, alg none): the session ends at /auth, and the member signs in again', async ({ page, platform }) => {
    const errors = pageErrors(page);
    const real = await platform.token(email);
    const all = malformedTokens(real.access_token);
    // The refresh reads its answer through the same edge check as the sign-in above (every kind
    // there); here, one of each family: structure, claims, units, signature.
    const tokens = { 'two parts': all['two parts'], 'missing exp': all['missing exp'], 'exp in milliseconds': all['exp in milliseconds'], 'alg none, unsigned': all['alg none, unsigned'] };
    recordAttempts('token', Object.keys(tokens).map((name) => `refresh answer: ${name}`));
    await page.goto('/auth');
    let refreshes = 0;
    for (const [name, token] of Object.entries(tokens)) {
      // A stored session whose access token is unreadable (so the guard refreshes) and whose refresh
      // token is good: the platform answers that refresh with the malformed tokens.
      const { refresh_token } = await platform.token(email);
      await plantSession(page, { auth: { tenantGuid: 'planted', orgGroupGuid: 'planted', refresh_token }, accessToken: all['missing exp'] });
      await platform.override({ method: 'POST', path: tokenPath, status: 200, body: tokenAnswer(token), times: 1 });
      await page.goto('/mfe-host');
      refreshes += 1;
      await expectSignInPage(page);
      expect(await grantsAnswered(platform, 'refresh_token'), name).toEqual(Array<number>(refreshes).fill(200));
      expect(await storedEntry(page, 'auth'), name).toBeNull();
    }
    await new SignInPage(page).submit(email);
    await new ShellChrome(page).expectSignedInAs('Ada Admin');
    expect(errors).toEqual([]);
  });

  test('kept in the stored session (each kind, and 1 MB): unreadable tokens sign out; a bad access token is refreshed', async ({ page, platform }) => {
    const errors = pageErrors(page);
    // A bearer no server takes is refused before the platform sees it (431): the log cannot show it.
    const tooLarge: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 431) tooLarge.push(response.url());
    });
    const real = await platform.token(email);
    const tokens = { ...malformedTokens(real.access_token), '1 MB token': megabyteToken(real.access_token) };
    recordAttempts('token', Object.keys(tokens).map((name) => `stored session: ${name}`));
    await page.goto('/auth');
    for (const [name, token] of Object.entries(tokens)) {
      await plantSession(page, { auth: { tenantGuid: 'planted', orgGroupGuid: 'planted', refresh_token: token }, accessToken: token });
      // Only until the page is there: the shell sends it on to /auth, which can come before its load event.
      await page.goto('/mfe-host', { waitUntil: 'commit' });
      await expectSignInPage(page);
      // Gone, and the page stays: a second load of /auth (a tab following its own logoff) would tear
      // this read down, or land after the next planting and leave it unread.
      await expect.poll(() => storedEntry(page, 'accessToken'), { message: name }).toBeNull();
    }
    // Only the unsigned token reads as a session (the shell does not check signatures); the platform
    // refused it, and nothing else was ever sent as a refresh token.
    const sent = refreshGrants(await platform.log({ path: tokenPath })).map((r) => (r.body as { refresh_token: string }).refresh_token);
    expect(sent.every((t) => t === tokens['alg none, unsigned'])).toBe(true);

    // A good refresh token beside an unreadable, unsigned or oversized access token: the shell
    // refreshes (or the platform's 401 makes it) and starts.
    for (const name of ['missing exp', 'alg none, unsigned', '1 MB token'] as const) {
      await platform.clearLog();
      const { refresh_token } = await platform.token(email);
      // Signed out (the loop above, or Sign out below): nothing running in the page touches the store.
      await expectSignInPage(page);
      await plantSession(page, { auth: { tenantGuid: 'planted', orgGroupGuid: 'planted', refresh_token }, accessToken: tokens[name] });
      await page.goto('/mfe-host');
      await expect(new ShellChrome(page).memberName, name).toHaveText('Ada Admin');
      expect(await grantsAnswered(platform, 'refresh_token'), name).toContain(200);
      // Whatever bearer the shell sent, none was the oversized one.
      const bearers = (await platform.log()).map((r) => r.headers.authorization ?? '');
      expect(bearers.every((b) => b.length < 16_384), name).toBe(true);
      await new ShellChrome(page).signOut();
    }
    expect(tooLarge).toEqual([]);
    expect(errors).toEqual([]);
  });
});
