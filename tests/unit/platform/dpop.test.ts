// Sender-constrained tokens (contract "Sender-constrained tokens", RFC 9449): the emulator's DPoP rules.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, TokenResponse } from './contract.ts';
import { CONTROL_HEADER, CONTROL_SECRET, api, claims, control, form, signIn, startPlatform, type Harness } from './harness.ts';
import {
  TOKEN_PATH,
  apiUrl,
  boundGet,
  dpopGet,
  emulatorNow,
  lastLogged,
  proof,
  proofKey,
  refreshBound,
  signInBound,
  tokenCallWith,
  type ProofKey,
} from './dpopClient.ts';
import { waitBound } from '../../../src/core/waitBound.testSupport.ts';

let h: Harness;
let key: ProofKey;
let other: ProofKey;
beforeAll(async () => {
  h = await startPlatform();
  key = await proofKey();
  other = await proofKey();
});
afterAll(() => h.close());
beforeEach(() => control(h.base, 'POST', 'reset'));

const USER = '/api/access/v1/users/current/legacy';
/** The two DPoP errors of the server rules (the OAuthError schema's enum does not list them). */
const DpopOAuthError = z.looseObject({ error: z.enum(['invalid_dpop_proof', 'use_dpop_nonce', 'invalid_grant']) });
const NONCE = /^[A-Za-z0-9_-]{22,43}$/;

async function tokenError(res: Response): Promise<string> {
  expect(res.status).toBe(400);
  return DpopOAuthError.parse(await res.json()).error;
}

/** The error attribute of a 401's DPoP challenge (null when the challenge is not DPoP). */
async function dpopChallenge(res: Response): Promise<string | null> {
  expect(res.status).toBe(401);
  expect(ApiError.parse(await res.json()).status).toBe(401);
  return /^DPoP error="([a-z_]+)"/.exec(res.headers.get('www-authenticate') ?? '')?.[1] ?? null;
}

async function boundTokens(email = 'admin@acme.test'): Promise<z.infer<typeof TokenResponse>> {
  const res = await signInBound(h.base, email, key);
  expect(res.status).toBe(200);
  return TokenResponse.parse(await res.json());
}

describe('token endpoint', () => {
  it('binds a grant with a valid proof: token_type DPoP, cnf.jkt of the key in the access token', async () => {
    const tokens = await boundTokens();
    expect(tokens.token_type).toBe('DPoP');
    expect(claims(tokens.access_token).cnf).toEqual({ jkt: key.jkt });
    expect(await lastLogged(h.base, TOKEN_PATH)).toMatchObject({ status: 200, dpop: 'valid' });
  });

  it('answers bearer, unbound, to a grant without a proof, as before', async () => {
    const tokens = await signIn(h.base, 'admin@acme.test');
    expect(tokens.token_type).toBe('bearer');
    expect(claims(tokens.access_token).cnf).toBeUndefined();
    expect((await api(h.base, USER, { token: tokens.access_token })).status).toBe(200);
    expect(await lastLogged(h.base, TOKEN_PATH)).toMatchObject({ dpop: 'absent' });
  });

  it('refuses an invalid proof with 400 invalid_dpop_proof and logs why', async () => {
    const htu = `${h.base}${TOKEN_PATH}`;
    const password = { grant_type: 'password', username: 'admin@acme.test', password: 'trust-shell-demo' };
    const bad = [
      await proof(key, { htm: 'GET', htu }),
      await proof(key, { htm: 'POST', htu: `${h.base}/oidc/token` }),
      await proof(key, { htm: 'POST', htu, header: { typ: 'JWT' } }),
      await proof(key, { htm: 'POST', htu, header: { jwk: other.jwk } }), // signature is not by the embedded key
      await proof(key, { htm: 'POST', htu, header: { jwk: { ...key.jwk, d: 'private-member' } } }),
      'not-a-jwt',
    ];
    for (const dpop of bad) expect(await tokenError(await tokenCallWith(h.base, password, dpop))).toBe('invalid_dpop_proof');
    expect(await lastLogged(h.base, TOKEN_PATH)).toMatchObject({ status: 400, dpop: 'invalid', dpopError: 'invalid_dpop_proof: not a JWS' });
  });

  it('a bound refresh needs a proof by the same key: without one or by another key invalid_grant, and the token is not spent', async () => {
    const tokens = await boundTokens();
    expect(await tokenError(await refreshBound(h.base, tokens.refresh_token, null))).toBe('invalid_grant');
    expect(await tokenError(await refreshBound(h.base, tokens.refresh_token, other))).toBe('invalid_grant');
    const res = await refreshBound(h.base, tokens.refresh_token, key);
    expect(res.status).toBe(200);
    const next = TokenResponse.parse(await res.json());
    expect(next.token_type).toBe('DPoP');
    expect(claims(next.access_token).cnf).toEqual({ jkt: key.jkt });
  });

  it('binds a session at a refresh with a proof when its sign-in had none', async () => {
    const tokens = await signIn(h.base, 'admin@acme.test');
    const next = TokenResponse.parse(await (await refreshBound(h.base, tokens.refresh_token, key)).json());
    expect(next.token_type).toBe('DPoP');
    expect(await tokenError(await refreshBound(h.base, next.refresh_token, null))).toBe('invalid_grant');
  });

  it('serves /oidc/token and /oidc/userinfo by the same rules', async () => {
    const htu = `${h.base}/oidc/token`;
    const res = await tokenCallWith(h.base, { grant_type: 'password', username: 'admin@acme.test', password: 'trust-shell-demo', scope: 'openid' }, await proof(key, { htm: 'POST', htu }), '/oidc/token');
    const tokens = TokenResponse.parse(await res.json());
    expect(tokens.token_type).toBe('DPoP');
    const userinfo = `${h.base}/oidc/userinfo`;
    expect(await dpopChallenge(await dpopGet(userinfo, tokens.access_token, null, 'Bearer'))).toBe('invalid_dpop_proof');
    const ok = await dpopGet(userinfo, tokens.access_token, await proof(key, { htm: 'GET', htu: userinfo, accessToken: tokens.access_token }));
    expect(ok.status).toBe(200);
  });
});

describe('API calls with a bound token', () => {
  it('refuses it as Bearer (401, DPoP invalid_dpop_proof) and accepts it as DPoP with a valid proof', async () => {
    const { access_token: token } = await boundTokens();
    expect(await dpopChallenge(await api(h.base, USER, { token }))).toBe('invalid_dpop_proof');
    expect((await boundGet(h.base, USER, token, key)).status).toBe(200);
    expect(await lastLogged(h.base, USER)).toMatchObject({ status: 200, dpop: 'valid' });
  });

  it('refuses a missing, replayed, stale, foreign-key, wrong-htm or wrong-ath proof', async () => {
    const { access_token: token } = await boundTokens();
    const url = apiUrl(h.base, USER, token);
    const now = await emulatorNow(h.base);
    expect(await dpopChallenge(await dpopGet(url, token, null))).toBe('invalid_dpop_proof');
    const once = await proof(key, { htm: 'GET', htu: url, accessToken: token });
    expect((await dpopGet(url, token, once)).status).toBe(200);
    expect(await dpopChallenge(await dpopGet(url, token, once))).toBe('invalid_dpop_proof');
    expect((await lastLogged(h.base, USER)).dpopError).toMatch(/^invalid_dpop_proof: jti/);
    // A future proof grows fresher as the clock moves, so it is dated from a reading taken just before
    // and well past the window: a loaded host spent a second between reading and judging (CI).
    const refused = [
      await proof(key, { htm: 'GET', htu: url, accessToken: token, iat: now - 61 }),
      await proof(key, { htm: 'GET', htu: url, accessToken: token, iat: (await emulatorNow(h.base)) + 65 }),
      await proof(other, { htm: 'GET', htu: url, accessToken: token }),
      await proof(key, { htm: 'POST', htu: url, accessToken: token }),
      await proof(key, { htm: 'GET', htu: url, accessToken: `${token}x` }),
      await proof(key, { htm: 'GET', htu: url }),
    ];
    for (const dpop of refused) expect(await dpopChallenge(await dpopGet(url, token, dpop))).toBe('invalid_dpop_proof');
    expect(await lastLogged(h.base, USER)).toMatchObject({ status: 401, dpop: 'invalid' });
    // Within 60 s either way is fresh (dated from the clock now: a loaded host may have spent seconds above).
    const later = await emulatorNow(h.base);
    expect((await dpopGet(url, token, await proof(key, { htm: 'GET', htu: url, accessToken: token, iat: later - 50 }))).status).toBe(200);
  });

  it('lets only one of two copies of a proof sent together through', async () => {
    const { access_token: token } = await boundTokens();
    const url = apiUrl(h.base, USER, token);
    const once = await proof(key, { htm: 'GET', htu: url, accessToken: token });
    // Held, then let go at once: both are judged in the same moment.
    const { id } = await control<{ id: string }>(h.base, 'POST', 'faults', { path: USER, hold: true });
    const both = [dpopGet(url, token, once), dpopGet(url, token, once)];
    await vi.waitFor(async () => expect(await control<unknown[]>(h.base, 'GET', `log?path=${USER}`)).toHaveLength(2), waitBound);
    await control(h.base, 'DELETE', `faults/${id}`);
    const statuses = await Promise.all(both.map(async (r) => (await r).status));
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('takes the iat window from the emulator clock, which the control clock moves, as it moves the answers\' Date', async () => {
    const { access_token: token } = await boundTokens();
    await control(h.base, 'POST', 'clock', { offsetSeconds: 120 });
    const refused = await boundGet(h.base, USER, token, key);
    // The answer's Date is the platform's clock, which a client dates its next proof by.
    const platformNow = Date.parse(refused.headers.get('date') ?? '') / 1000;
    // Within seconds of the clock read after it (a loaded host spends some), and far from the unmoved 120 s.
    expect(Math.abs(platformNow - (await emulatorNow(h.base)))).toBeLessThanOrEqual(5);
    expect(await dpopChallenge(refused)).toBe('invalid_dpop_proof');
    expect((await boundGet(h.base, USER, token, key, { iat: platformNow })).status).toBe(200);
  });

  it('compares htu with the URL called: tenant prefix included, query left out', async () => {
    const { access_token: token } = await boundTokens('ptl@acme.test');
    const prefixed = `${h.base}/eu-tenant-7${USER}`;
    expect(apiUrl(h.base, USER, token)).toBe(prefixed);
    const withoutPrefix = await proof(key, { htm: 'GET', htu: `${h.base}${USER}`, accessToken: token });
    expect(await dpopChallenge(await dpopGet(prefixed, token, withoutPrefix))).toBe('invalid_dpop_proof');
    const otherHost = await proof(key, { htm: 'GET', htu: prefixed.replace('localhost', '127.0.0.1'), accessToken: token });
    expect(await dpopChallenge(await dpopGet(prefixed, token, otherHost))).toBe('invalid_dpop_proof');
    expect((await dpopGet(`${prefixed}?a=1`, token, await proof(key, { htm: 'GET', htu: prefixed, accessToken: token }))).status).toBe(200);
  });

  it('accepts an unbound token sent as DPoP with a valid proof', async () => {
    const { access_token: token } = await signIn(h.base, 'admin@acme.test');
    expect((await boundGet(h.base, USER, token, key)).status).toBe(200);
  });
});

describe('nonces', () => {
  it('when required: use_dpop_nonce with DPoP-Nonce, then success with that nonce; every answer names it', async () => {
    const settings = await control<{ nonce: string }>(h.base, 'POST', 'dpop', { requireNonce: true });
    expect(settings.nonce).toMatch(NONCE);
    const first = await signInBound(h.base, 'admin@acme.test', key);
    expect(await tokenError(first)).toBe('use_dpop_nonce');
    const nonce = first.headers.get('dpop-nonce') ?? '';
    expect(nonce).toBe(settings.nonce);
    expect(await lastLogged(h.base, TOKEN_PATH)).toMatchObject({ dpop: 'invalid', dpopError: 'use_dpop_nonce: nonce required' });
    const second = await signInBound(h.base, 'admin@acme.test', key, { nonce });
    expect(second.status).toBe(200);
    expect(second.headers.get('dpop-nonce')).toBe(nonce);
    const { access_token: token } = TokenResponse.parse(await second.json());

    const missing = await boundGet(h.base, USER, token, key);
    expect(missing.headers.get('dpop-nonce')).toBe(nonce);
    expect(await dpopChallenge(missing)).toBe('use_dpop_nonce');
    const ok = await boundGet(h.base, USER, token, key, { nonce });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('dpop-nonce')).toBe(nonce);
  });

  it('rotateNonce makes a new nonce current, announced on every answer, and keeps the previous one 5 minutes (contract)', async () => {
    const { nonce: old } = await control<{ nonce: string }>(h.base, 'POST', 'dpop', { requireNonce: true });
    const { access_token: token } = TokenResponse.parse(await (await signInBound(h.base, 'admin@acme.test', key, { nonce: old })).json());
    const { nonce } = await control<{ nonce: string }>(h.base, 'POST', 'dpop', { rotateNonce: true });
    expect(nonce).not.toBe(old);
    const overlap = await boundGet(h.base, USER, token, key, { nonce: old });
    expect(overlap.status).toBe(200);
    expect(overlap.headers.get('dpop-nonce')).toBe(nonce);
    await control(h.base, 'POST', 'clock', { offsetSeconds: 301 });
    const iat = await emulatorNow(h.base);
    const stale = await boundGet(h.base, USER, token, key, { nonce: old, iat });
    expect(await dpopChallenge(stale)).toBe('use_dpop_nonce');
    expect((await boundGet(h.base, USER, token, key, { nonce, iat })).status).toBe(200);
  });

  it('expireNonce makes a new nonce current and refuses the previous one at once', async () => {
    const { nonce: old } = await control<{ nonce: string }>(h.base, 'POST', 'dpop', { requireNonce: true });
    const { access_token: token } = TokenResponse.parse(await (await signInBound(h.base, 'admin@acme.test', key, { nonce: old })).json());
    const { nonce } = await control<{ nonce: string }>(h.base, 'POST', 'dpop', { expireNonce: true });
    expect(nonce).not.toBe(old);
    const stale = await boundGet(h.base, USER, token, key, { nonce: old });
    expect(stale.headers.get('dpop-nonce')).toBe(nonce);
    expect(await dpopChallenge(stale)).toBe('use_dpop_nonce');
    expect((await boundGet(h.base, USER, token, key, { nonce })).status).toBe(200);
  });

  it('a code grant refused for its nonce does not spend the code', async () => {
    const { nonce } = await control<{ nonce: string }>(h.base, 'POST', 'dpop', { requireNonce: true });
    const verifier = randomBytes(32).toString('base64url');
    const params = {
      response_type: 'code',
      client_id: 'trust-shell',
      redirect_uri: `${h.base}/auth`,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      scope: 'openid',
      state: 'st-1',
    };
    const approved = await fetch(`${h.base}/oidc/authorize`, { ...form({ ...params, email: 'admin@acme.test', decision: 'approve' }), redirect: 'manual' });
    expect(approved.status).toBe(302);
    const code = new URL(approved.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const grant = { grant_type: 'authorization_code', code, redirect_uri: `${h.base}/auth`, code_verifier: verifier };
    const htu = `${h.base}/oidc/token`;
    expect(await tokenError(await tokenCallWith(h.base, grant, await proof(key, { htm: 'POST', htu }), '/oidc/token'))).toBe('use_dpop_nonce');
    const res = await tokenCallWith(h.base, grant, await proof(key, { htm: 'POST', htu, nonce }), '/oidc/token');
    expect(res.status).toBe(200);
    expect(TokenResponse.parse(await res.json()).token_type).toBe('DPoP');
  });
});

describe('DPoP off', () => {
  it('switched off: proofs ignored, bearer issued, the DPoP scheme unknown; a reset switches it on again', async () => {
    expect(await control(h.base, 'POST', 'dpop', { enabled: false })).toMatchObject({ enabled: false, requireNonce: false });
    const res = await signInBound(h.base, 'admin@acme.test', key);
    const tokens = TokenResponse.parse(await res.json());
    expect(tokens.token_type).toBe('bearer');
    expect(claims(tokens.access_token).cnf).toBeUndefined();
    expect((await api(h.base, USER, { token: tokens.access_token, headers: { dpop: 'garbage' } })).status).toBe(200);
    expect((await refreshBound(h.base, tokens.refresh_token, null)).status).toBe(200);
    const dpopScheme = await boundGet(h.base, USER, tokens.access_token, key);
    expect(dpopScheme.status).toBe(401);
    expect(ApiError.parse(await dpopScheme.json()).code).toBe('MISSING_TOKEN');
    await control(h.base, 'POST', 'reset');
    expect(await control(h.base, 'GET', 'dpop')).toMatchObject({ enabled: true, requireNonce: false });
    expect(TokenResponse.parse(await (await signInBound(h.base, 'admin@acme.test', key)).json()).token_type).toBe('DPoP');
  });

  it('off from the start (EMULATOR_DPOP=0, here the dpop option), and a reset keeps it off', async () => {
    const off = await startPlatform({ control: true, dpop: false });
    try {
      await control(off.base, 'POST', 'dpop', { requireNonce: true });
      await control(off.base, 'POST', 'reset');
      expect(await control(off.base, 'GET', 'dpop')).toMatchObject({ enabled: false, requireNonce: false });
      const res = await signInBound(off.base, 'admin@acme.test', key);
      expect(res.headers.get('dpop-nonce')).toBeNull();
      expect(TokenResponse.parse(await res.json()).token_type).toBe('bearer');
    } finally {
      await off.close();
    }
  });
});

describe('control token', () => {
  it('with a public jwk: tokens bound to it; without: bearer; a private jwk is refused', async () => {
    const bound = TokenResponse.parse(await control(h.base, 'POST', 'token', { email: 'admin@acme.test', jwk: { ...key.jwk, ext: true, key_ops: ['verify'] } }));
    expect(bound.token_type).toBe('DPoP');
    expect(claims(bound.access_token).cnf).toEqual({ jkt: key.jkt });
    expect((await boundGet(h.base, USER, bound.access_token, key)).status).toBe(200);
    expect(TokenResponse.parse(await control(h.base, 'POST', 'token', { email: 'admin@acme.test' })).token_type).toBe('bearer');
    const res = await fetch(`${h.base}/__control/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CONTROL_HEADER]: CONTROL_SECRET },
      body: JSON.stringify({ email: 'admin@acme.test', jwk: { ...key.jwk, d: 'AAAA' } }),
    });
    expect(res.status).toBe(400);
  });
});
