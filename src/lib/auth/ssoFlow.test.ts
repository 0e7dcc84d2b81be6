// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { parseRuntimeConfig, type RuntimeConfig } from '../../config/runtimeConfig';
import { completeSso, startSso } from './sso';
import { checkAtHash, clockToleranceSeconds, pendingMaxAgeMs, ssoStorageKeys, startSsoFlow } from './ssoFlow.chunk';
import { LoginError, loginMessages, onLoginEvent, type LoginEvent } from './loginEvents';

/**
 * The SSO flow against a fake authorization server (fetch stubbed): the platform's endpoints on our
 * own origin, and an OIDC issuer whose ID tokens are signed with a jose key pair.
 */

const issuer = 'https://idp.test/oidc';
const jwtShaped = (name: string) => `eyJhbGciOiJSUzI1NiJ9.${btoa(JSON.stringify({ name })).replace(/=+$/, '')}.c2ln`;
const accessToken = jwtShaped('access');
const refreshToken = jwtShaped('refresh');

let keys: { privateKey: CryptoKey; jwk: JWK };
let otherKey: CryptoKey;
const origin = () => window.location.origin;

beforeEach(async () => {
  // EC keys: generated in microseconds, where RSA key generation can take seconds on a busy machine.
  if (!keys) {
    const pair = await generateKeyPair('ES256', { extractable: true });
    keys = { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' } };
    otherKey = (await generateKeyPair('ES256')).privateKey;
  }
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function config(authClient: Record<string, unknown> = {}): RuntimeConfig {
  return parseRuntimeConfig({ authClient });
}
const oidcConfig = (extra: Record<string, unknown> = {}) => config({ oidc: true, issuer, ...extra });

async function atHashOf(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return btoa(String.fromCharCode(...digest.slice(0, 16)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

interface Server {
  requests: { url: string; method: string; body: URLSearchParams | null; authorization: string | null }[];
  /** The sub the user-info endpoint answers (the ID token's is user-1). */
  userInfoSub: string;
  /** The token answer's refresh token (a JWT's shape unless a test says). */
  refreshToken: string;
  /** Adjusts the ID token claims of the next token answer (nonce = the one sent to authorize). */
  idClaims: (claims: JWTPayload) => JWTPayload;
  signWith: () => CryptoKey;
  overrides: Map<string, () => Response | Promise<Response>>;
  authorizeUrl: URL | null;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fakeServer(): Server {
  const server: Server = { requests: [], userInfoSub: 'user-1', refreshToken, idClaims: (c) => c, signWith: () => keys.privateKey, overrides: new Map(), authorizeUrl: null };
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' || init?.body instanceof URLSearchParams ? new URLSearchParams(init.body) : null;
    const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
    server.requests.push({ url: url.href, method: input instanceof Request ? input.method : (init?.method ?? 'GET'), body, authorization: headers.get('authorization') });
    const key = url.origin + url.pathname;
    const override = server.overrides.get(key);
    if (override) return override();
    if (key === `${issuer}/.well-known/openid-configuration`) {
      return jsonResponse(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        userinfo_endpoint: `${issuer}/me`,
        id_token_signing_alg_values_supported: ['ES256'],
      });
    }
    if (key === `${issuer}/.well-known/jwks.json`) return jsonResponse(200, { keys: [keys.jwk] });
    if (key === `${issuer}/me`) return jsonResponse(200, { sub: server.userInfoSub, name: 'Sam Sso' });
    if (key === `${origin()}/api/access/v1/oauth/token`) {
      return jsonResponse(200, { access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer', expires_in: 900, scope: 'read' });
    }
    if (key === `${issuer}/token`) {
      const now = Math.floor(Date.now() / 1000);
      const claims = server.idClaims({
        iss: issuer,
        sub: 'user-1',
        aud: 'trust-shell',
        iat: now,
        exp: now + 900,
        nonce: server.authorizeUrl?.searchParams.get('nonce') ?? undefined,
        at_hash: await atHashOf(accessToken),
      });
      const idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'JWT' }).sign(server.signWith());
      return jsonResponse(200, {
        access_token: accessToken,
        refresh_token: server.refreshToken,
        token_type: 'bearer',
        expires_in: 900,
        scope: 'openid profile read',
        id_token: idToken,
      });
    }
    return jsonResponse(404, { error: 'not found' });
  };
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  return server;
}

/** Starts the flow (without leaving the page) and returns the redirect back with code and state. */
async function authorize(server: Server, cfg: RuntimeConfig, email = 'sso@acme.test'): Promise<URL> {
  await startSsoFlow(cfg, email, { navigate: (url) => (server.authorizeUrl = new URL(url)), now: () => Date.now() });
  const back = new URL(`${origin()}/auth`);
  back.searchParams.set('code', 'the-code');
  back.searchParams.set('state', server.authorizeUrl?.searchParams.get('state') ?? '');
  return back;
}

function collectEvents(): LoginEvent[] {
  const events: LoginEvent[] = [];
  const off = onLoginEvent((e) => events.push(e));
  afterEachOff.push(off);
  return events;
}
const afterEachOff: (() => void)[] = [];
afterEach(() => afterEachOff.splice(0).forEach((off) => off()));

function quietErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('startSso', () => {
  it('OIDC off: PKCE S256 request to the platform authorize endpoint, secrets kept in sessionStorage', async () => {
    const server = fakeServer();
    await authorize(server, config());
    const url = server.authorizeUrl!;
    expect(url.origin + url.pathname).toBe(`${origin()}/api/access/v1/oauth/authorize`);
    const p = Object.fromEntries(url.searchParams);
    expect(p).toMatchObject({
      response_type: 'code',
      client_id: 'trust-shell',
      redirect_uri: `${origin()}/auth`,
      scope: 'read',
      code_challenge_method: 'S256',
      login_hint: 'sso@acme.test',
    });
    expect(p.nonce).toBeUndefined();
    const verifier = sessionStorage.getItem(ssoStorageKeys.verifier)!;
    expect(verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    expect(p.code_challenge).toBe(btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
    expect(sessionStorage.getItem(ssoStorageKeys.state)).toBe(p.state);
    expect(sessionStorage.getItem(ssoStorageKeys.email)).toBe('sso@acme.test');
    expect(sessionStorage.getItem(ssoStorageKeys.nonce)).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('OIDC on: discovery, then the issuer authorize endpoint with openid profile and a 45-character nonce', async () => {
    const server = fakeServer();
    await authorize(server, oidcConfig({ requireHttps: true }));
    const url = server.authorizeUrl!;
    expect(url.href.startsWith(`${issuer}/authorize?`)).toBe(true);
    expect(url.searchParams.get('scope')).toBe('openid profile read');
    const nonce = url.searchParams.get('nonce');
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{45}$/);
    expect(sessionStorage.getItem(ssoStorageKeys.nonce)).toBe(nonce);
    expect(server.requests.map((r) => r.url)).toEqual([`${issuer}/.well-known/openid-configuration`]);
  });

  it('navigates with window.location.assign and resolves ok', async () => {
    fakeServer();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await expect(startSso(config(), 'sso@acme.test')).resolves.toEqual({ ok: true });
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('/api/access/v1/oauth/authorize?'));
  });

  it.each([
    ['an http issuer', oidcConfig({ issuer: 'http://idp.test/oidc', requireHttps: true }), 'discovery_document_validation_error', 'http://idp.test/oidc'],
    ['an http platform endpoint', config({ authorizationEndpoint: 'http://platform.test/authorize', requireHttps: true }), 'discovery_document_validation_error', 'http://platform.test/authorize'],
  ])('with requireHttps refuses %s before any request', async (_name, cfg, event, url) => {
    const server = fakeServer();
    const errors = quietErrors();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await expect(startSso(cfg, 'sso@acme.test')).resolves.toEqual({ ok: false, event });
    expect(server.requests).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^login event ${event}: .*${url.replace(/[.]/g, '\\.')}`)));
  });

  it.each([
    ['a discovery document that fails to load', () => jsonResponse(404, {}), 'discovery_document_load_error'],
    ['a discovery document for another issuer', () => jsonResponse(200, { issuer: 'https://evil.test/oidc', authorization_endpoint: 'https://evil.test/a', token_endpoint: 'https://evil.test/t', jwks_uri: 'https://evil.test/j' }), 'discovery_document_validation_error'],
    ['a discovery document with an http endpoint while HTTPS is required', () => jsonResponse(200, { issuer, authorization_endpoint: 'http://idp.test/oidc/authorize', token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` }), 'discovery_document_validation_error'],
  ])('refuses %s', async (_name, answer, event) => {
    const server = fakeServer();
    quietErrors();
    server.overrides.set(`${issuer}/.well-known/openid-configuration`, answer);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await expect(startSso(oidcConfig({ requireHttps: true }), 'sso@acme.test')).resolves.toEqual({ ok: false, event });
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('completeSso', () => {
  it('OIDC off: exchanges the code with the verifier, redirect_uri and client_id, no secret; returns the stored email', async () => {
    const server = fakeServer();
    const back = await authorize(server, config());
    const verifier = sessionStorage.getItem(ssoStorageKeys.verifier);
    const result = await completeSso(config(), back);
    expect(result).toMatchObject({ ok: true, email: 'sso@acme.test', granted: { kind: 'Bearer', tokens: { access_token: accessToken, refresh_token: refreshToken } } });
    const [grant] = server.requests;
    expect(grant?.url).toBe(`${origin()}/api/access/v1/oauth/token`);
    expect(Object.fromEntries(grant!.body!)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      code_verifier: verifier,
      redirect_uri: `${origin()}/auth`,
      client_id: 'trust-shell',
    });
    for (const key of Object.values(ssoStorageKeys)) expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('OIDC on: validates the ID token against the JWKS and returns the platform tokens', async () => {
    const server = fakeServer();
    const events = collectEvents();
    const cfg = oidcConfig({ requireHttps: true });
    const back = await authorize(server, cfg);
    const result = await completeSso(cfg, back);
    expect(result).toMatchObject({ ok: true, email: 'sso@acme.test', granted: { kind: 'Bearer', tokens: { access_token: accessToken } } });
    expect(server.requests.map((r) => r.url.replace(issuer, ''))).toEqual([
      '/.well-known/openid-configuration',
      '/.well-known/openid-configuration',
      '/token',
      '/.well-known/jwks.json',
      '/me',
    ]);
    // SPEC §7: the user-info endpoint is read with the new access token.
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', authorization: `Bearer ${accessToken}` });
    expect(events.map((e) => e.type)).toEqual(['discovery_document_loaded', 'discovery_document_loaded', 'token_received']);
  });

  it("OIDC on: takes the provider's opaque refresh token", async () => {
    const server = fakeServer();
    server.refreshToken = 'Vf1PvZ2tH1sPfK8eV_2m0cQnGQ4Yx3xWl6bH0yR6g-A';
    const cfg = oidcConfig();
    await expect(completeSso(cfg, await authorize(server, cfg))).resolves.toMatchObject({ ok: true, granted: { tokens: { refresh_token: server.refreshToken } } });
  });

  it('OIDC off: an opaque refresh token is a token_error naming it', async () => {
    const server = fakeServer();
    const errors = quietErrors();
    server.overrides.set(`${origin()}/api/access/v1/oauth/token`, () =>
      jsonResponse(200, { access_token: accessToken, refresh_token: 'opaque-refresh', token_type: 'bearer', expires_in: 900, scope: 'read' }),
    );
    await expect(completeSso(config(), await authorize(server, config()))).resolves.toEqual({ ok: false, event: 'token_error' });
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^login event token_error: The token answer is off the contract at refresh_token: not a JWT/));
  });

  it.each<[string, (server: Server) => void, RegExp]>([
    ['names another subject', (server) => (server.userInfoSub = 'user-2'), /The user-info sub is not the ID token sub/],
    ['refuses the token', (server) => server.overrides.set(`${issuer}/me`, () => jsonResponse(401, {})), /answered 401/],
    ['names no subject', (server) => server.overrides.set(`${issuer}/me`, () => jsonResponse(200, { name: 'Sam' })), /names no sub/],
  ])('OIDC on: a user-info endpoint that %s is user_profile_load_error, and no session', async (_name, tamper, message) => {
    const server = fakeServer();
    const errors = quietErrors();
    const events = collectEvents();
    tamper(server);
    const cfg = oidcConfig();
    await expect(completeSso(cfg, await authorize(server, cfg))).resolves.toEqual({ ok: false, event: 'user_profile_load_error' });
    expect(events.map((e) => e.type)).not.toContain('token_received');
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(message));
  });

  it('OIDC on: the configured user-info endpoint wins over the discovered one', async () => {
    const server = fakeServer();
    server.overrides.set('https://profile.idp.test/userinfo', () => jsonResponse(200, { sub: 'user-1' }));
    const cfg = oidcConfig({ userinfoEndpoint: 'https://profile.idp.test/userinfo' });
    await expect(completeSso(cfg, await authorize(server, cfg))).resolves.toMatchObject({ ok: true });
    expect(server.requests.at(-1)?.url).toBe('https://profile.idp.test/userinfo');
  });

  it('shares one exchange between two calls for the same return (StrictMode runs effects twice)', async () => {
    const server = fakeServer();
    const back = await authorize(server, config());
    const [a, b] = await Promise.all([completeSso(config(), back), completeSso(config(), back)]);
    expect(a).toBe(b);
    expect(a.ok).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  describe('ID token checks (SPEC §5), each a token_validation_error with the SPEC message', () => {
    const now = 1_900_000_000;
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now * 1000);
    });

    it.each<[string, (c: JWTPayload) => JWTPayload, string]>([
      ['wrong audience', (c) => ({ ...c, aud: 'another-client' }), loginMessages.wrongAudience],
      ['missing sub', ({ sub: _sub, ...c }) => c, loginMessages.noSub],
      ['missing iat', ({ iat: _iat, ...c }) => c, loginMessages.noIat],
      ['wrong issuer', (c) => ({ ...c, iss: 'https://evil.test/oidc' }), loginMessages.wrongIssuer],
      ['wrong nonce', (c) => ({ ...c, nonce: 'N'.repeat(45) }), loginMessages.wrongNonce],
      ['missing nonce', ({ nonce: _nonce, ...c }) => c, loginMessages.wrongNonce],
      [`expired ${clockToleranceSeconds + 1} s ago (beyond the skew)`, (c) => ({ ...c, exp: now - clockToleranceSeconds - 1 }), loginMessages.expired],
      ['wrong at_hash', (c) => ({ ...c, at_hash: 'AAAAAAAAAAAAAAAAAAAAAA' }), loginMessages.wrongAtHash],
    ])('%s', async (_name, tamper, message) => {
      const server = fakeServer();
      const errors = quietErrors();
      server.idClaims = tamper;
      const cfg = oidcConfig();
      const back = await authorize(server, cfg);
      await expect(completeSso(cfg, back)).resolves.toEqual({ ok: false, event: 'token_validation_error' });
      expect(errors).toHaveBeenCalledWith(`login event token_validation_error: ${message}`);
      for (const key of Object.values(ssoStorageKeys)) expect(sessionStorage.getItem(key)).toBeNull();
    });

    it.each<[string, (c: JWTPayload) => JWTPayload]>([
      [`expired ${clockToleranceSeconds - 1} s ago (within the skew)`, (c) => ({ ...c, exp: now - clockToleranceSeconds + 1 })],
      ['without at_hash (optional in the code flow)', ({ at_hash: _h, ...c }) => c],
    ])('accepts a token %s', async (_name, tamper) => {
      const server = fakeServer();
      server.idClaims = tamper;
      const cfg = oidcConfig();
      const back = await authorize(server, cfg);
      await expect(completeSso(cfg, back)).resolves.toMatchObject({ ok: true });
    });

    it('refuses a token signed by a key outside the JWKS', async () => {
      const server = fakeServer();
      const errors = quietErrors();
      server.signWith = () => otherKey;
      const cfg = oidcConfig();
      await expect(completeSso(cfg, await authorize(server, cfg))).resolves.toEqual({ ok: false, event: 'token_validation_error' });
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^login event token_validation_error: Invalid id_token signature/));
    });

    it('a JWKS that fails to load is jwks_load_error', async () => {
      const server = fakeServer();
      quietErrors();
      server.overrides.set(`${issuer}/.well-known/jwks.json`, () => jsonResponse(500, {}));
      const cfg = oidcConfig();
      await expect(completeSso(cfg, await authorize(server, cfg))).resolves.toEqual({ ok: false, event: 'jwks_load_error' });
    });
  });

  it('checkAtHash: a missing at_hash is refused when required', async () => {
    await expect(checkAtHash({}, 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', accessToken, true)).rejects.toEqual(new LoginError('token_validation_error', loginMessages.atHashNeeded));
    await expect(checkAtHash({ at_hash: await atHashOf(accessToken) }, 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', accessToken, true)).resolves.toBeUndefined();
  });

  it.each<[string, (back: URL) => void]>([
    ['a tampered state', (back) => back.searchParams.set('state', 'tampered')],
    ['a missing stored state', () => sessionStorage.removeItem(ssoStorageKeys.state)],
    ['a pending request older than 10 minutes', () => sessionStorage.setItem(ssoStorageKeys.createdAt, String(Date.now() - pendingMaxAgeMs - 1))],
  ])('%s is invalid_nonce_in_state, logged, with no token request', async (_name, tamper) => {
    const server = fakeServer();
    const errors = quietErrors();
    const events = collectEvents();
    const back = await authorize(server, config());
    tamper(back);
    await expect(completeSso(config(), back)).resolves.toEqual({ ok: false, event: 'invalid_nonce_in_state' });
    expect(server.requests).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['invalid_nonce_in_state']);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^login event invalid_nonce_in_state: /));
    for (const key of Object.values(ssoStorageKeys)) expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('an OIDC return without a stored nonce is invalid_nonce_in_state', async () => {
    const server = fakeServer();
    quietErrors();
    const cfg = oidcConfig();
    const back = await authorize(server, cfg);
    sessionStorage.removeItem(ssoStorageKeys.nonce);
    await expect(completeSso(cfg, back)).resolves.toEqual({ ok: false, event: 'invalid_nonce_in_state' });
  });

  it('an error answer with the right state is code_error', async () => {
    const server = fakeServer();
    const errors = quietErrors();
    const back = await authorize(server, config());
    back.searchParams.delete('code');
    back.searchParams.set('error', 'access_denied');
    await expect(completeSso(config(), back)).resolves.toEqual({ ok: false, event: 'code_error' });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('login event code_error: The authorization server answered access_denied'));
    expect(server.requests).toEqual([]);
  });

  it.each([
    ['refuses the code (400 invalid_grant)', () => jsonResponse(400, { error: 'invalid_grant', error_description: 'Unknown authorization code' })],
    ['answers something that is not a platform token response', () => jsonResponse(200, { access_token: 'opaque', token_type: 'bearer', expires_in: 900, scope: 'read' })],
    ['is unreachable', (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'))],
  ])('a token endpoint that %s is token_error', async (_name, answer) => {
    const server = fakeServer();
    quietErrors();
    server.overrides.set(`${origin()}/api/access/v1/oauth/token`, answer);
    const back = await authorize(server, config());
    await expect(completeSso(config(), back)).resolves.toEqual({ ok: false, event: 'token_error' });
  });
});
