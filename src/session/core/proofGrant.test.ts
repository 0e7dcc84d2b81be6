// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedJWK, calculateJwkThumbprint, exportJWK, jwtVerify } from 'jose';
import { requestToken } from './tokenClient';
import { createProofKey, isProofKey } from './proofKey';
import { deleteKv, readKv, sessionKeys } from './sessionDb';
import { unsignedJwt } from './unsignedJwt.testSupport';

const access = unsignedJwt({ guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', exp: 4_000_000_000 });
const refresh = unsignedJwt({ guid: 'u1', exp: 4_000_000_000 });
const answer = (tokenType: string) => () => Response.json({ access_token: access, refresh_token: refresh, token_type: tokenType, expires_in: 900, scope: 'read' });
const nonceChallenge = (nonce: string) => () => Response.json({ error: 'use_dpop_nonce' }, { status: 400, headers: { 'DPoP-Nonce': nonce } });

interface Sent {
  body: string;
  proof: string | null;
}

function tokenEndpoint(...answers: Array<() => Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | URL | string, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push({ body: await request.text(), proof: request.headers.get('DPoP') });
      return (answers[Math.min(sent.length - 1, answers.length - 1)] ?? answer('Bearer'))();
    }),
  );
  return sent;
}

const proofPayload = async (proof: string | null) => (await jwtVerify(proof ?? '', EmbeddedJWK, { typ: 'dpop+jwt' })).payload;
const grant = { grant_type: 'refresh_token', refresh_token: refresh, client_id: 'trust-shell' };

describe('token requests with a DPoP key', () => {
  beforeEach(() => deleteKv(sessionKeys.proofNonce));
  afterEach(() => vi.unstubAllGlobals());

  it('the key is ES256, its private half not extractable', async () => {
    const key = await createProofKey();
    expect(isProofKey(key)).toBe(true);
    expect(key.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('jwk', key.privateKey)).rejects.toThrow();
  });

  it('a grant carries a proof by the key (htm POST, htu the token endpoint, no ath); a DPoP answer is a DPoP session', async () => {
    const key = await createProofKey();
    const sent = tokenEndpoint(answer('DPoP'));
    const result = await requestToken(grant, '/api/access/v1/oauth/token?x=1', { proofKey: key });
    expect(result).toMatchObject({ ok: true, kind: 'DPoP', proofKey: key });
    const { payload, protectedHeader } = await jwtVerify(sent[0]?.proof ?? '', EmbeddedJWK, { typ: 'dpop+jwt' });
    expect(payload).toMatchObject({ htm: 'POST', htu: `${location.origin}/api/access/v1/oauth/token` });
    expect(payload.ath).toBeUndefined();
    expect(await calculateJwkThumbprint(protectedHeader.jwk!)).toBe(await calculateJwkThumbprint(await exportJWK(key.publicKey)));
  });

  it('a nonce challenge is answered by the very same grant once more, with the nonce, and the nonce is shared', async () => {
    const sent = tokenEndpoint(nonceChallenge('n-7'), answer('DPoP'));
    const result = await requestToken(grant, undefined, { proofKey: await createProofKey() });
    expect(result.ok).toBe(true);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    expect((await proofPayload(sent[0]?.proof ?? null)).nonce).toBeUndefined();
    expect((await proofPayload(sent[1]?.proof ?? null)).nonce).toBe('n-7');
    expect(await readKv(sessionKeys.proofNonce, (v): v is string => typeof v === 'string')).toBe('n-7');
  });

  it('a second nonce challenge in a row is no verdict on the grant and no loop: unanswered, tried again later', async () => {
    const sent = tokenEndpoint(nonceChallenge('n-1'), nonceChallenge('n-2'), answer('DPoP'));
    expect(await requestToken(grant, undefined, { proofKey: await createProofKey() })).toEqual({ ok: false, reason: 'unreachable' });
    expect(sent).toHaveLength(2);
  });

  it('a refused proof is made once more, fresh', async () => {
    const sent = tokenEndpoint(() => Response.json({ error: 'invalid_dpop_proof' }, { status: 400 }), answer('DPoP'));
    expect((await requestToken(grant, undefined, { proofKey: await createProofKey() })).ok).toBe(true);
    const [a, b] = await Promise.all(sent.map((s) => proofPayload(s.proof)));
    expect(a?.jti).not.toBe(b?.jti);
  });

  it('a Bearer answer to a proven grant is a Bearer session without a key', async () => {
    tokenEndpoint(answer('bearer'));
    expect(await requestToken(grant, undefined, { proofKey: await createProofKey() })).toMatchObject({ ok: true, kind: 'Bearer', proofKey: null });
  });

  it.each([
    ['a token type the shell does not know', 'MAC', true],
    ['a DPoP answer to a grant that carried no proof', 'DPoP', false],
  ])('%s is a failed grant, not a half session', async (_case, tokenType, withKey) => {
    tokenEndpoint(answer(tokenType));
    expect(await requestToken(grant, undefined, { proofKey: withKey ? await createProofKey() : null })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('without a key no proof is sent, as before DPoP', async () => {
    const sent = tokenEndpoint(answer('Bearer'));
    expect(await requestToken(grant)).toMatchObject({ ok: true, kind: 'Bearer' });
    expect(sent[0]?.proof).toBeNull();
  });
});
