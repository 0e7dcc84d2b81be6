// Single sign-on: authorization code + PKCE, the OIDC issuer, SAML user type and sign-out.
import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccessTokenClaims, IdTokenClaims, OAuthError, OidcDiscovery, SamlUserType, TokenResponse } from './contract.ts';
import { api, claims, control, form, startPlatform, tokenCall, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h.close());
beforeEach(() => control(h.base, 'POST', 'reset'));

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface Flow {
  authorize: string;
  params: Record<string, string>;
  verifier: string;
}

function flow(authorize: string, extra: Record<string, string> = {}): Flow {
  const { verifier, challenge } = pkce();
  return {
    authorize,
    verifier,
    params: {
      response_type: 'code',
      client_id: 'trust-shell',
      redirect_uri: `${h.base}/auth`,
      state: 'st-123',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    },
  };
}

/** Opens the provider page, then submits "Sign in as <email>" the way the page's form does. */
async function approve(f: Flow, email: string): Promise<URL> {
  const page = await fetch(`${h.base}${f.authorize}?${new URLSearchParams(f.params).toString()}`);
  expect(page.status).toBe(200);
  const htmlText = await page.text();
  expect(htmlText).toContain(`Sign in as ${email}`);
  const res = await fetch(`${h.base}${f.authorize}`, { ...form({ ...f.params, email, decision: 'approve' }), redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

const PLATFORM = '/api/access/v1/oauth/authorize';

describe('platform authorize + PKCE', () => {
  it('signs the SSO persona in: code and state back on /auth, tokens for the code', async () => {
    const f = flow(PLATFORM, { login_hint: 'sso@acme.test' });
    const back = await approve(f, 'sso@acme.test');
    expect(`${back.origin}${back.pathname}`).toBe(`${h.base}/auth`);
    expect(back.searchParams.get('state')).toBe('st-123');
    const code = back.searchParams.get('code') ?? '';
    const res = await tokenCall(h.base, { grant_type: 'authorization_code', code, redirect_uri: `${h.base}/auth`, code_verifier: f.verifier });
    const tokens = TokenResponse.parse(await res.json());
    expect(AccessTokenClaims.parse(claims(tokens.access_token)).email).toBe('sso@acme.test');
    // single use
    const again = await tokenCall(h.base, { grant_type: 'authorization_code', code, redirect_uri: `${h.base}/auth`, code_verifier: f.verifier });
    expect(OAuthError.parse(await again.json()).error).toBe('invalid_grant');
  });

  it('refuses a wrong verifier, a different redirect_uri and an expired code', async () => {
    for (const mutate of ['verifier', 'redirect', 'expired'] as const) {
      const f = flow(PLATFORM);
      const code = (await approve(f, 'sso@acme.test')).searchParams.get('code') ?? '';
      if (mutate === 'expired') await control(h.base, 'POST', 'clock', { offsetSeconds: 61 });
      const res = await tokenCall(h.base, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: mutate === 'redirect' ? `${h.base}/elsewhere` : `${h.base}/auth`,
        code_verifier: mutate === 'verifier' ? pkce().verifier : f.verifier,
      });
      expect(res.status).toBe(400);
      expect(OAuthError.parse(await res.json()).error).toBe('invalid_grant');
      await control(h.base, 'POST', 'clock', { offsetSeconds: 0 });
    }
  });

  it('shows a 400 page for an unknown client or redirect_uri, and redirects other errors', async () => {
    const badClient = flow(PLATFORM, { client_id: 'evil' });
    const r1 = await fetch(`${h.base}${PLATFORM}?${new URLSearchParams(badClient.params).toString()}`, { redirect: 'manual' });
    expect(r1.status).toBe(400);
    expect(r1.headers.get('content-type')).toContain('text/html');
    const badRedirect = flow(PLATFORM, { redirect_uri: 'https://evil.test/auth' });
    expect((await fetch(`${h.base}${PLATFORM}?${new URLSearchParams(badRedirect.params).toString()}`, { redirect: 'manual' })).status).toBe(400);
    const plain = flow(PLATFORM, { code_challenge_method: 'plain' });
    const r3 = await fetch(`${h.base}${PLATFORM}?${new URLSearchParams(plain.params).toString()}`, { redirect: 'manual' });
    expect(r3.status).toBe(302);
    expect(new URL(r3.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  it('redirects with error=access_denied when the user cancels', async () => {
    const f = flow(PLATFORM);
    const res = await fetch(`${h.base}${PLATFORM}`, { ...form({ ...f.params, decision: 'cancel' }), redirect: 'manual' });
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-123');
  });
});

describe('OIDC issuer at /oidc', () => {
  it('publishes discovery and JWKS; ID tokens verify with the JWKS and carry the nonce', async () => {
    const discovery = OidcDiscovery.parse(await (await fetch(`${h.base}/oidc/.well-known/openid-configuration`)).json());
    expect(discovery.issuer).toBe(`${h.base}/oidc`);
    const jwks = createLocalJWKSet((await (await fetch(discovery.jwks_uri)).json()) as { keys: [] });
    const f = flow(new URL(discovery.authorization_endpoint).pathname, { scope: 'openid profile', nonce: 'n-0S6_WzA2Mj' });
    const code = (await approve(f, 'admin@acme.test')).searchParams.get('code') ?? '';
    const res = await fetch(discovery.token_endpoint, form({ grant_type: 'authorization_code', code, redirect_uri: `${h.base}/auth`, code_verifier: f.verifier, client_id: 'trust-shell' }));
    const tokens = TokenResponse.parse(await res.json());
    const { payload } = await jwtVerify(tokens.id_token ?? '', jwks, { issuer: discovery.issuer, audience: 'trust-shell' });
    expect(IdTokenClaims.parse(payload)).toMatchObject({ nonce: 'n-0S6_WzA2Mj', sub: claims(tokens.access_token).guid });

    const info = await fetch(`${h.base}/oidc/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(((await info.json()) as { sub: string }).sub).toBe(payload.sub);

    const revoked = await fetch(`${h.base}/oidc/revoke`, form({ token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: 'trust-shell' }));
    expect(revoked.status).toBe(200);
    const refused = await fetch(discovery.token_endpoint, form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'trust-shell' }));
    expect(OAuthError.parse(await refused.json()).error).toBe('invalid_grant');

    const end = await fetch(`${h.base}/oidc/endsession?${new URLSearchParams({ id_token_hint: tokens.id_token ?? '', post_logout_redirect_uri: `${h.base}/auth` }).toString()}`, { redirect: 'manual' });
    expect(end.status).toBe(302);
    expect(end.headers.get('location')).toBe(`${h.base}/auth`);
  });
});

describe('SAML', () => {
  it('looks up the user type without enumerating users', async () => {
    const lookup = async (Email: string): Promise<unknown> => (await api(h.base, '/api/access/v1/saml-settings/user-type', { json: { Email } })).json();
    expect(SamlUserType.parse(await lookup('sso@acme.test'))).toEqual({ IsEnabled: true, IdentityProviderSignOutUrl: 'https://idp.umbrella.test/saml/logout', IsOpenSaml4: true });
    expect(SamlUserType.parse(await lookup('nobody@acme.test'))).toEqual({ IsEnabled: false, IdentityProviderSignOutUrl: null, IsOpenSaml4: false });
    const bad = await api(h.base, '/api/access/v1/saml-settings/user-type', { json: { Email: 'sso@acme.test', extra: 1 } });
    expect(bad.status).toBe(400);
  });

  it('sends both sign-out navigations back to /auth, and refuses a missing email', async () => {
    for (const path of ['/authentication/saml2/logout', '/access/v1/saml/logout']) {
      const res = await fetch(`${h.base}${path}?email=sso%40acme.test`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${h.base}/auth`);
      expect((await fetch(`${h.base}${path}`, { redirect: 'manual' })).status).toBe(400);
    }
  });
});
