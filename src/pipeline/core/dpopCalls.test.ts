// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedJWK, base64url, jwtVerify } from 'jose';
import { deleteKv, readKv, readStoredAuth, sessionKeys, writeKv } from '../../session/core/sessionDb';
import { createProofKey } from '../../session/core/proofKey';
import { unsignedJwt } from '../../session/core/unsignedJwt.testSupport';
import { onSessionMessage, type SessionMessage } from '../../session/core/sessionChannel';
import type * as Refresh from '../../session/core/refresh';
import { waitBound } from '../../core/waitBound.testSupport';

type RefreshModule = typeof Refresh;
const refreshSession = vi.fn<(request: unknown) => Promise<string>>();
vi.mock('../../session/core/refresh', async (original) => ({
  ...(await original<RefreshModule>()),
  refreshSession: (request: unknown) => refreshSession(request),
}));

const { pipelineFetch, ScopeChanged } = await import('./pipelineFetch');
const { invalidateSnapshot } = await import('../../session/core/sessionSnapshot');

const token = unsignedJwt({ guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', ptl: 'eu-tenant-7', exp: 4_000_000_000 });
const refreshToken = unsignedJwt({ guid: 'u1', exp: 4_000_000_000 });

interface Sent {
  url: string;
  method: string;
  authorization: string | null;
  proof: string | null;
}

/** The platform: answers each call with the next of `answers` (the last one repeats), recording what it got. */
function platform(...answers: Array<() => Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | URL | string, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push({ url: request.url, method: request.method, authorization: request.headers.get('Authorization'), proof: request.headers.get('DPoP') });
      const answer = answers[Math.min(sent.length - 1, answers.length - 1)] ?? (() => new Response(null, { status: 200 }));
      return Promise.resolve(answer());
    }),
  );
  return sent;
}

const challenge = (error: string, nonce?: string) =>
  new Response(null, { status: 401, headers: { 'WWW-Authenticate': `DPoP error="${error}"`, ...(nonce ? { 'DPoP-Nonce': nonce } : {}) } });

async function proofOf(sent: Sent) {
  expect(sent.proof).not.toBeNull();
  const { payload, protectedHeader } = await jwtVerify(sent.proof ?? '', EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] });
  return { payload, protectedHeader };
}

describe('pipeline calls of a DPoP session', () => {
  beforeEach(async () => {
    await writeKv(sessionKeys.accessToken, token);
    await writeKv(sessionKeys.auth, { tenantGuid: 't1', orgGroupGuid: 'g1', refresh_token: refreshToken, tokenType: 'DPoP' });
    await writeKv(sessionKeys.proofKey, await createProofKey());
    await deleteKv(sessionKeys.proofNonce);
    invalidateSnapshot();
    refreshSession.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  const call = (path = '/api/access/v1/permissions?tab=2', method = 'GET') =>
    pipelineFetch(new Request(`${location.origin}${path}`, { method, ...(method === 'GET' ? {} : { body: '{"a":1}' }) }));

  it('carries Authorization: DPoP and a proof for that very call: method, the URL sent (prefix in, query out), ath', async () => {
    const sent = platform(() => new Response('{}', { status: 200 }));
    expect((await call()).status).toBe(200);
    expect(sent).toHaveLength(1);
    const [first] = sent;
    expect(first?.url).toBe(`${location.origin}/eu-tenant-7/api/access/v1/permissions?tab=2`);
    expect(first?.authorization).toBe(`DPoP ${token}`);
    const { payload, protectedHeader } = await proofOf(first!);
    expect(protectedHeader.jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(protectedHeader.jwk).not.toHaveProperty('d');
    expect(payload).toMatchObject({ htm: 'GET', htu: `${location.origin}/eu-tenant-7/api/access/v1/permissions` });
    const ath = base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))));
    expect(payload.ath).toBe(ath);
    expect(payload.nonce).toBeUndefined();
  });

  it('a write gets its own proof (POST), made at send time', async () => {
    const sent = platform(() => new Response(null, { status: 204 }));
    await call('/api/access/v1/tool-settings/user-preferences', 'POST');
    await call('/api/access/v1/tool-settings/user-preferences', 'POST');
    const [a, b] = await Promise.all(sent.map(proofOf));
    expect(a?.payload.htm).toBe('POST');
    expect(a?.payload.jti).not.toBe(b?.payload.jti);
  });

  it('a nonce challenge is answered by one retry with the nonce, which every later proof carries', async () => {
    const sent = platform(() => challenge('use_dpop_nonce', 'n-1'), () => new Response('{}', { status: 200, headers: { 'DPoP-Nonce': 'n-1' } }));
    expect((await call()).status).toBe(200);
    expect(sent).toHaveLength(2);
    expect((await proofOf(sent[1]!)).payload.nonce).toBe('n-1');
    expect(refreshSession).not.toHaveBeenCalled();
    expect(await readKv(sessionKeys.proofNonce, (v): v is string => typeof v === 'string')).toBe('n-1');
    await call();
    expect((await proofOf(sent[2]!)).payload.nonce).toBe('n-1');
  });

  it('a nonce that is not a plain token is ignored: nothing carries it, and no retry is made for it', async () => {
    const sent = platform(() => challenge('use_dpop_nonce', 'a "quoted" nonce'), () => new Response('{}', { status: 200 }));
    refreshSession.mockResolvedValue('refused');
    expect((await call()).status).toBe(401);
    expect(sent).toHaveLength(1);
    expect((await proofOf(sent[0]!)).payload.nonce).toBeUndefined();
    expect(await readKv(sessionKeys.proofNonce, (v): v is string => typeof v === 'string')).toBeNull();
  });

  it('a refused proof is retried once, fresh, then handled like a 401: one refresh, one retry', async () => {
    const sent = platform(() => challenge('invalid_dpop_proof'), () => challenge('invalid_dpop_proof'), () => new Response('{}', { status: 200 }));
    refreshSession.mockResolvedValue('refreshed');
    expect((await call()).status).toBe(200);
    expect(sent).toHaveLength(3);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    const jtis = new Set((await Promise.all(sent.map(proofOf))).map((p) => p.payload.jti));
    expect(jtis.size).toBe(3);
  });

  it('a proof refused for a clock that runs off the platform\'s is made again on the platform\'s time (its Date)', async () => {
    const platformTime = new Date(Date.now() + 1_000_000);
    const sent = platform(
      () => new Response(null, { status: 401, headers: { 'WWW-Authenticate': 'DPoP error="invalid_dpop_proof"', Date: platformTime.toUTCString() } }),
      () => new Response('{}', { status: 200, headers: { Date: platformTime.toUTCString() } }),
    );
    expect((await call()).status).toBe(200);
    const [first, second] = await Promise.all(sent.map(proofOf));
    expect(Math.abs(Number(first?.payload.iat) - Date.now() / 1000)).toBeLessThan(5);
    expect(Math.abs(Number(second?.payload.iat) - platformTime.getTime() / 1000)).toBeLessThan(5);
    expect(refreshSession).not.toHaveBeenCalled();
  });

  it.each([
    ['a read', 'GET'],
    ['a write', 'POST'],
  ])('a session whose key is gone ends with a clean sign-in, and %s is not sent', async (_case, method) => {
    const messages: SessionMessage[] = [];
    const stop = onSessionMessage((m) => messages.push(m));
    await deleteKv(sessionKeys.proofKey);
    invalidateSnapshot();
    const sent = platform(() => new Response(null, { status: 200 }));
    await expect(call('/api/access/v1/tool-settings/user-preferences', method)).rejects.toThrow(ScopeChanged);
    expect(sent).toEqual([]);
    expect(await readStoredAuth()).toBeNull();
    await vi.waitFor(() => expect(messages).toContainEqual({ type: 'logoff', redirect: '/auth', ended: 'refused' }), waitBound);
    stop();
  });
});

describe('pipeline calls of a Bearer session', () => {
  beforeEach(async () => {
    await writeKv(sessionKeys.accessToken, token);
    await writeKv(sessionKeys.auth, { tenantGuid: 't1', orgGroupGuid: 'g1', refresh_token: refreshToken, tokenType: 'Bearer' });
    invalidateSnapshot();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('carry Authorization: Bearer and no proof, as before DPoP', async () => {
    const sent = platform(() => new Response('{}', { status: 200 }));
    await pipelineFetch(new Request(`${location.origin}/api/access/v1/permissions`));
    expect(sent).toEqual([expect.objectContaining({ authorization: `Bearer ${token}`, proof: null })]);
  });
});
