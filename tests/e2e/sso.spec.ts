import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { finishedStarting } from './support/waits.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { refreshGrants } from './support/session.ts';
import { storedEntry } from './support/shellStorage.ts';
import { startShellServer, type ShellServer } from './support/server.ts';
import { PlatformControl, type LoggedRequest } from './support/platform.ts';

/**
 * Single sign-on (authorization code + PKCE S256, and OpenID Connect) through the emulator's
 * identity-provider page.
 */

const ssoEmail = 'sso@acme.test';
const idpButton = (page: Page, email = ssoEmail) => page.getByRole('button', { name: `Sign in as ${email}`, exact: true });

/** A second shell (own emulator) whose /config.json is the defaults merged with `config`. */
async function withConfiguredShell(config: (origin: string) => unknown, run: (server: ShellServer) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'shell-sso-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, '{}');
  const server = await startShellServer(0, { SHELL_CONFIG: file });
  // The host reads the file on every request, so the config can name the port it got.
  writeFileSync(file, JSON.stringify(config(server.baseURL)));
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

const oidcOn = (origin: string) => ({ authClient: { oidc: true, issuer: `${origin}/oidc` } });

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Email, Continue: the SAML lookup says SSO, so the app leaves for the authorization endpoint. */
async function continueAs(page: Page, origin: string, email = ssoEmail): Promise<void> {
  await page.goto(`${origin}/auth`);
  await new SignInPage(page).continueWith(email);
}

/**
 * Approves on the identity provider's page without letting the browser follow the redirect, so a
 * test can tamper with the return (or with sessionStorage) before the app sees it.
 */
async function approveWithoutFollowing(page: Page, email = ssoEmail): Promise<URL> {
  await expect(idpButton(page, email)).toBeVisible();
  const form = page.locator('form').filter({ has: idpButton(page, email) });
  const { action, fields } = await form.evaluate((f: HTMLFormElement) => ({
    action: f.action,
    fields: Object.fromEntries([...new FormData(f)].map(([k, v]) => [k, typeof v === 'string' ? v : v.name])),
  }));
  const response = await page.request.post(action, { form: fields, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return new URL(response.headers().location ?? '');
}

const codeGrants = (log: LoggedRequest[]) =>
  log.filter((r) => r.method === 'POST' && (r.body as { grant_type?: string } | null)?.grant_type === 'authorization_code');

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

test.describe('single sign-on', () => {
  // One start for the three sign-ins through the default deployment (OIDC off): the two refused
  // ones leave the member signed out on /auth, as they found them; the successful one reads the
  // platform's log from its own sign-in on.
  test('OIDC off: a tampered state and a cancel at the provider are refused; the SSO persona signs in with PKCE S256', async ({
    page,
    baseURL,
    platform,
  }) => {
    await test.step('a tampered state is refused before any token request (invalid_nonce_in_state)', async () => {
      const errors = consoleErrors(page);
      await continueAs(page, baseURL!);
      const back = await approveWithoutFollowing(page);
      expect(back.pathname).toBe('/auth');
      back.searchParams.set('state', `${back.searchParams.get('state')}x`);
      await page.goto(back.href);

      await expect(new SignInPage(page).error).toHaveText(en.SignInFailed!);
      await expect(page).toHaveURL(/\/auth$/);
      expect(errors.join('\n')).toContain('login event invalid_nonce_in_state');
      expect(codeGrants(await platform.log({ path: '/api/access/v1/oauth/token' }))).toEqual([]);
    });

    await test.step('cancelling at the identity provider is a code_error and leaves the user on /auth', async () => {
      const errors = consoleErrors(page);
      await continueAs(page, baseURL!);
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();

      await expect(new SignInPage(page).error).toHaveText(en.SignInFailed!);
      await expect(page).toHaveURL(/\/auth$/);
      expect(errors.join('\n')).toContain('login event code_error: The authorization server answered access_denied');
      expect(codeGrants(await platform.log({ path: '/api/access/v1/oauth/token' }))).toEqual([]);
    });

    await test.step('the SSO persona signs in through authorize + PKCE S256 (OIDC off)', async () => {
      // The log of this sign-in alone: the refused ones were sent to the authorization endpoint too.
      await platform.clearLog();
      await continueAs(page, baseURL!);
      await idpButton(page).click();
      await expect(page).toHaveURL(/\/mfe-host/);

      const [grant, ...more] = codeGrants(await platform.log({ path: '/api/access/v1/oauth/token' }));
      expect(more).toEqual([]);
      expect(grant?.status).toBe(200);
      const body = grant?.body as Record<string, string>;
      expect(body).toMatchObject({ grant_type: 'authorization_code', client_id: 'trust-shell', redirect_uri: `${baseURL}/auth` });
      expect(body.code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
      expect(body.client_secret).toBeUndefined();

      const [authorize] = await platform.log({ path: '/api/access/v1/oauth/authorize', method: 'GET' });
      expect(authorize?.query).toMatchObject({
        response_type: 'code',
        client_id: 'trust-shell',
        redirect_uri: `${baseURL}/auth`,
        scope: 'read',
        code_challenge_method: 'S256',
        code_challenge: s256(body.code_verifier!),
        login_hint: ssoEmail,
      });
      expect(authorize?.query.nonce).toBeUndefined();
      // The request's secrets do not outlive the return.
      expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('trust-shell.sso.')))).toEqual([]);
    });
  });

  // One start and one server for the OIDC deployment: the refresh and the sign-out go on from the
  // sign-in of the discovery step (the one they began with as a test of their own); the tampered
  // nonce comes last, signed out, with the platform back at its start (its clock had moved on).
  test('OIDC on: discovery, JWKS, ID token checked; refresh at the discovered endpoint; sign-out revokes; bad nonce refused', async ({
    page,
    request,
  }) => {
    await withConfiguredShell(oidcOn, async (server) => {
      const control = new PlatformControl(request, server);
      await test.step('with OIDC on, discovery and the JWKS are loaded and the ID token is validated', async () => {
        await continueAs(page, server.baseURL);
        await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/oidc/authorize\\?`));
        await idpButton(page).click();
        await expect(page).toHaveURL(/\/mfe-host/);

        const log = await control.log({ path: '/oidc/' });
        const paths = log.map((r) => `${r.method} ${r.path}`);
        expect(paths).toContain('GET /oidc/.well-known/openid-configuration');
        const authorize = log.find((r) => r.method === 'GET' && r.path === '/oidc/authorize');
        expect(authorize?.query).toMatchObject({ scope: 'openid profile read', code_challenge_method: 'S256', login_hint: ssoEmail });
        expect(authorize?.query.nonce).toMatch(/^[A-Za-z0-9_-]{45}$/);
        const [grant] = codeGrants(log.filter((r) => r.path === '/oidc/token'));
        expect(grant?.status).toBe(200);
        expect(authorize?.query.code_challenge).toBe(s256((grant?.body as Record<string, string>).code_verifier!));
        // The signature check reads the key set after the token answer.
        const jwks = log.find((r) => r.path === '/oidc/.well-known/jwks.json');
        expect(jwks?.status).toBe(200);
        expect(jwks!.seq).toBeGreaterThan(grant!.seq);
        // SPEC §7: the user-info endpoint read with the new access token (its sub is the ID token's).
        const userInfo = log.filter((r) => r.path === '/oidc/userinfo');
        expect(userInfo.map((r) => [r.method, r.status])).toEqual([['GET', 200]]);
        expect(userInfo[0]!.seq).toBeGreaterThan(jwks!.seq);
      });

      await test.step('with OIDC on, refresh grants go to the discovered endpoint; sign-out revokes and ends the provider session', async () => {
        // Signed in by the step before, as this test used to begin.
        await expect(page).toHaveURL(/\/mfe-host/);
        await finishedStarting(page);
        // No page of the shell runs while the tokens expire for the platform: one still calling then
        // would start a refresh that the reload cuts off mid-grant, and a grant whose sender went
        // away ends the session by design (faults.spec), instead of the refresh this test is about.
        await page.goto('about:blank');
        await control.clock(1000); // every access token issued so far is expired for the platform
        await page.goto(`${server.baseURL}/mfe-host`);
        await expect(new ShellChrome(page).memberName).not.toBeEmpty();
        await expect.poll(async () => refreshGrants(await control.log({ path: '/oidc/token' })).map((g) => g.status)).toContain(200);
        expect(refreshGrants(await control.log({ path: '/api/access/v1/oauth/token' }))).toEqual([]);

        const refreshToken = (await storedEntry(page, 'auth') as { refresh_token: string }).refresh_token;
        const accessToken = (await storedEntry(page, 'accessToken')) as string;
        await new ShellChrome(page).signOut();
        await expect(page).toHaveURL(`${server.baseURL}/auth`);
        await expect(new SignInPage(page).heading).toBeVisible();
        const log = await control.log({ path: '/oidc/' });
        // Both tokens, each with its hint (SPEC §7), whichever the provider hears first.
        const revokes = log.filter((r) => r.method === 'POST' && r.path === '/oidc/revoke');
        expect(revokes.map((r) => r.body)).toEqual(
          expect.arrayContaining([
            { token: refreshToken, token_type_hint: 'refresh_token', client_id: 'trust-shell' },
            { token: accessToken, token_type_hint: 'access_token', client_id: 'trust-shell' },
          ]),
        );
        expect(revokes.map((r) => r.status)).toEqual([200, 200]);
        const revoke = revokes.at(-1);
        const end = log.find((r) => r.method === 'GET' && r.path === '/oidc/endsession');
        expect(end?.query).toMatchObject({ post_logout_redirect_uri: `${server.baseURL}/auth` });
        expect(end?.query.id_token_hint).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
        expect(end!.seq).toBeGreaterThan(revoke!.seq);
        // The provider's session is over: its refresh token is refused.
        const reuse = await request.post(`${server.baseURL}/oidc/token`, { form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'trust-shell' } });
        expect(reuse.status()).toBe(400);
      });

      await test.step('a tampered nonce is refused (token_validation_error, Wrong nonce) with OIDC on', async () => {
        // The platform back at its start: its clock (moved on by the step before) and its log.
        await control.reset();
        const errors = consoleErrors(page);
        await continueAs(page, server.baseURL);
        const back = await approveWithoutFollowing(page);
        // The identity provider's page is on the shell's origin and tab, so it shares sessionStorage.
        await page.evaluate(() => sessionStorage.setItem('trust-shell.sso.nonce', 'N'.repeat(45)));
        await page.goto(back.href);

        await expect(new SignInPage(page).error).toHaveText(en.SignInFailed!);
        await expect(page).toHaveURL(/\/auth$/);
        expect(errors.join('\n')).toContain('login event token_validation_error: Wrong nonce');
        // The code was exchanged, but its tokens were thrown away: nothing signed in.
        expect(codeGrants(await control.log({ path: '/oidc/token' }))).toHaveLength(1);
        expect(await page.evaluate(() => localStorage.getItem('trust-shell.tenant'))).toBeNull();
      });
    });
  });

  test('with OIDC on and a logoutUrl, sign-out goes there with the ID token hint', async ({ page, request }) => {
    const config = (origin: string) => ({ authClient: { oidc: true, issuer: `${origin}/oidc`, logoutUrl: `${origin}/oidc/endsession?from=config` } });
    await withConfiguredShell(config, async (server) => {
      await continueAs(page, server.baseURL);
      await idpButton(page).click();
      await expect(page).toHaveURL(/\/mfe-host/);
      await new ShellChrome(page).signOut();
      await expect(page).toHaveURL(`${server.baseURL}/auth`);
      const end = (await new PlatformControl(request, server).log({ path: '/oidc/endsession' }))[0];
      expect(end?.query).toMatchObject({ from: 'config', post_logout_redirect_uri: `${server.baseURL}/auth` });
      expect(end?.query.id_token_hint).toBeTruthy();
    });
  });

  test('requireHttps with an http issuer is a start-up error naming the issuer; nothing is asked of it', async ({ page, request }) => {
    const config = (origin: string) => ({ authClient: { oidc: true, issuer: `${origin}/oidc`, requireHttps: true } });
    await withConfiguredShell(config, async (server) => {
      await page.goto(`${server.baseURL}/auth`);

      await expect(page.getByRole('heading', { name: en.StartupError })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(`authClient.issuer: ${server.baseURL}/oidc must use https`);
      expect(await new PlatformControl(request, server).log({ path: '/oidc/' })).toEqual([]);
    });
  });
});
