// The platform taking a trusted OpenID provider's RFC 9068 access tokens (/__control/trusted-issuer).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { CONTROL_HEADER, CONTROL_SECRET, api, claims, control, signIn, startPlatform, type Harness } from './harness.ts';

let h: Harness;
let provider: { privateKey: CryptoKey; publicJwk: JWK };
const issuer = 'http://127.0.0.1:9/provider';
beforeAll(async () => {
  h = await startPlatform();
  const pair = await generateKeyPair('RS256', { extractable: true });
  provider = { privateKey: pair.privateKey, publicJwk: { ...(await exportJWK(pair.publicKey)), kid: 'p1', alg: 'RS256', use: 'sig' } };
});
afterAll(() => h.close());
beforeEach(() => control(h.base, 'POST', 'reset'));

/** The provider's access token for the persona's platform session (its claims, re-signed by the provider). */
async function providerToken(email: string, tamper: Record<string, unknown> = {}, typ = 'at+jwt', iss = issuer): Promise<string> {
  const platformClaims = claims((await signIn(h.base, email)).access_token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...platformClaims, iss, aud: `${h.base}/api`, sub: platformClaims.guid as string, iat: now, exp: now + 600, jti: `p-${now}-${Math.random()}`, ...tamper })
    .setProtectedHeader({ alg: 'RS256', kid: 'p1', typ })
    .sign(provider.privateKey);
}

const legacy = (token: string) => api(h.base, '/api/access/v1/users/current/legacy', { token });

describe('a trusted issuer', () => {
  it('is none at start: its tokens are refused', async () => {
    expect((await legacy(await providerToken('admin@acme.test'))).status).toBe(401);
  });

  it('once trusted, its access tokens are taken as the platform’s own, until a reset', async () => {
    await control(h.base, 'POST', 'trusted-issuer', { issuer, jwks: { keys: [provider.publicJwk] } });
    const token = await providerToken('admin@acme.test');
    expect((await legacy(token)).status).toBe(200);
    await control(h.base, 'POST', 'reset');
    expect((await legacy(token)).status).toBe(401);
  });

  it.each([
    ['another issuer', () => providerToken('admin@acme.test', {}, 'at+jwt', 'http://127.0.0.1:9/elsewhere')],
    ['an ID token (typ JWT)', () => providerToken('admin@acme.test', {}, 'JWT')],
    ['no platform session (sid)', () => providerToken('admin@acme.test', { sid: 'unknown-session' })],
  ])('refuses %s', async (_name, make) => {
    await control(h.base, 'POST', 'trusted-issuer', { issuer, jwks: { keys: [provider.publicJwk] } });
    expect((await legacy(await make())).status).toBe(401);
  });

  it('refuses a key set with private key material', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const res = await fetch(`${h.base}/__control/trusted-issuer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CONTROL_HEADER]: CONTROL_SECRET },
      body: JSON.stringify({ issuer, jwks: { keys: [await exportJWK(privateKey)] } }),
    });
    expect(res.status).toBe(400);
  });
});
