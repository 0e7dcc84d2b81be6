import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { finishedStarting } from './support/waits.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { storedEntry } from './support/shellStorage.ts';
import { startShellServer } from './support/server.ts';
import { PlatformControl } from './support/platform.ts';
import { startOidcProvider, type ProviderCall } from './support/oidcProvider.ts';

/**
 * OpenID Connect against a real provider (issue 48): panva's oidc-provider as the issuer, with its
 * stock opaque refresh tokens, DPoP-bound tokens and its own login, consent and sign-out pages.
 * oidc-provider's user-info endpoint takes only access tokens without an audience (its opaque
 * ones), never an RFC 9068 token for a resource such as the platform's, so the user-info address
 * is the platform's own (`authClient.userinfoEndpoint`, the contract's setting for that).
 */

const ssoEmail = 'sso@acme.test';

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** The provider's login page (devInteractions) as `account`, then its consent page (a new grant each time). */
async function signInAtProvider(page: Page, issuer: string, account: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await page.locator('input[name=login]').fill(account);
  await page.locator('input[name=password]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const grants = (calls: ProviderCall[], type: string) => calls.filter((c) => c.path === '/token' && c.params.grant_type === type);

test('OpenID Connect against oidc-provider: opaque refresh token, refresh, sign-out revoking both, a foreign user-info sub', async ({
  page,
  request,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'shell-oidc-provider-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, '{}');
  const server = await startShellServer(0, { SHELL_CONFIG: file });
  const control = new PlatformControl(request, server);
  const provider = await startOidcProvider(server.baseURL, control);
  // The host reads the file on every request: the configuration names the provider's port.
  writeFileSync(file, JSON.stringify({ authClient: { oidc: true, issuer: provider.issuer, userinfoEndpoint: `${server.baseURL}/oidc/userinfo` } }));
  const guid = (await control.personas()).find((p) => p.email === ssoEmail)!.guid;
  try {
    await test.step('signing in: the code grant answers an opaque refresh token, and the user-info sub is the ID token’s', async () => {
      await page.goto(`${server.baseURL}/auth`);
      await new SignInPage(page).continueWith(ssoEmail);
      await signInAtProvider(page, provider.issuer, guid);
      await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/mfe-host`));
      await expect(new ShellChrome(page).memberName).not.toBeEmpty();
      await finishedStarting(page);

      expect(grants(provider.calls, 'authorization_code').map((c) => c.status)).toEqual([200]);
      const auth = (await storedEntry(page, 'auth')) as { refresh_token: string; refreshExpiresAt?: number | null; tokenType: string };
      // Opaque (no JWT's three parts), and no lifetime named by the answer: no limit.
      expect(auth.refresh_token).toMatch(/^[\w-]+$/);
      expect(auth.refreshExpiresAt).toBeNull();
      const userInfo = await control.log({ path: '/oidc/userinfo' });
      expect(userInfo.map((r) => [r.method, r.status])).toEqual([['GET', 200]]);
      expect(userInfo[0]?.headers.authorization).toMatch(new RegExp(`^${auth.tokenType} `));
    });

    await test.step('a refresh goes to the provider’s token endpoint with the opaque refresh token', async () => {
      const before = (await storedEntry(page, 'auth')) as { refresh_token: string };
      // The platform refuses the next start's state call once: the shell refreshes and tries again.
      await control.fault({ path: '/api/global-state/v1/init', status: 401, times: 1 });
      await page.reload();
      await expect(new ShellChrome(page).memberName).not.toBeEmpty();
      await expect.poll(() => grants(provider.calls, 'refresh_token').map((c) => c.status)).toEqual([200]);
      expect(grants(provider.calls, 'refresh_token')[0]?.params.refresh_token).toBe(before.refresh_token);
      await finishedStarting(page);
      await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/mfe-host`));
    });

    await test.step('signing out revokes the access and the refresh token at the provider, then ends its session', async () => {
      const errors = consoleErrors(page);
      const auth = (await storedEntry(page, 'auth')) as { refresh_token: string };
      const accessToken = (await storedEntry(page, 'accessToken')) as string;
      await new ShellChrome(page).signOut();
      await page.getByRole('button', { name: 'Yes, sign me out' }).click();
      await expect(page).toHaveURL(`${server.baseURL}/auth`);
      await expect(new SignInPage(page).heading).toBeVisible();
      const revoked = provider.calls.filter((c) => c.path === '/token/revocation');
      // oidc-provider revokes no structured (JWT) access token: RFC 7009 §2.2.1's unsupported_token_type,
      // which the login client reports as token_revoke_error (and signs out all the same).
      expect(revoked.map((c) => [c.params.token_type_hint, c.params.token, c.status, c.error]).sort()).toEqual(
        [
          ['access_token', accessToken, 400, 'unsupported_token_type'],
          ['refresh_token', auth.refresh_token, 200, undefined],
        ].sort(),
      );
      expect(errors.join('\n')).toContain('login event token_revoke_error: The revocation endpoint answered 400 for the access_token');
      expect(errors.join('\n')).not.toContain('for the refresh_token');
    });

    await test.step('a user-info sub other than the ID token’s is user_profile_load_error: no session starts', async () => {
      const errors = consoleErrors(page);
      await control.clearLog();
      await new SignInPage(page).continueWith(ssoEmail);
      // The same member by e-mail: the ID token's sub is the e-mail, the platform's user-info names the guid.
      await signInAtProvider(page, provider.issuer, ssoEmail);
      await expect(new SignInPage(page).error).toHaveText(en.SignInFailed!);
      await expect(page).toHaveURL(/\/auth$/);
      expect(errors.join('\n')).toContain('login event user_profile_load_error: The user-info sub is not the ID token sub');
      expect((await control.log({ path: '/oidc/userinfo' })).map((r) => r.status)).toEqual([200]);
      expect(await storedEntry(page, 'auth')).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('trust-shell.tenant'))).toBeNull();
    });
  } finally {
    await provider.close();
    await server.close();
  }
});
