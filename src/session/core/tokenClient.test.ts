// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestToken } from './tokenClient';

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'RS256' })}.${b64(claims)}.c2ln`;
const later = Math.floor(Date.now() / 1000) + 900;
const goodAccess = jwt({ guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', exp: later });
const answer = (access: string) => ({ access_token: access, refresh_token: jwt({ exp: later }), token_type: 'bearer', expires_in: 900, scope: 'read' });

function platformAnswers(body: BodyInit, contentType = 'application/json') {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': contentType } }))));
}

describe('requestToken checks the answer at the edge', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('accepts tokens with readable claims', async () => {
    platformAnswers(JSON.stringify(answer(goodAccess)));
    expect(await requestToken({ grant_type: 'password' })).toMatchObject({ ok: true });
  });

  it.each([
    ['no exp', jwt({ guid: 'u1', tenantGuid: 't1' })],
    ['exp in milliseconds', jwt({ guid: 'u1', tenantGuid: 't1', exp: later * 1000 })],
    ['a payload that is not JSON', `${b64({ alg: 'RS256' })}.${btoa('nope').replace(/=+$/, '')}.c2ln`],
  ])('calls an access token with %s malformed (the platform answered: never stored, never "offline")', async (_name, access) => {
    platformAnswers(JSON.stringify(answer(access)));
    expect(await requestToken({ grant_type: 'password' })).toEqual({ ok: false, reason: 'malformed' });
  });

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['wrong types', JSON.stringify({ ...answer(goodAccess), expires_in: '900' })],
  ])('calls JSON off the contract (%s) malformed', async (_name, body) => {
    platformAnswers(body);
    expect(await requestToken({ grant_type: 'password' })).toEqual({ ok: false, reason: 'malformed' });
  });

  it.each([
    ['HTML with 200 (a captive portal or proxy page)', '<!doctype html><p>Sign in to the Wi-Fi</p>', 'text/html'],
    ['truncated JSON', '{"access_token": "eyJ', 'application/json'],
  ])('calls a body that is not JSON (%s) unreachable: the platform may never have seen the grant', async (_name, body, type) => {
    platformAnswers(body, type);
    expect(await requestToken({ grant_type: 'refresh_token' })).toEqual({ ok: false, reason: 'unreachable' });
  });

  it("takes an OIDC provider's opaque refresh token on a refresh, and keeps the presented one when none comes back", async () => {
    const opaque = 'Vf1PvZ2tH1sPfK8eV_2m0cQnGQ4Yx3xWl6bH0yR6g-A';
    platformAnswers(JSON.stringify({ ...answer(goodAccess), refresh_token: opaque }));
    expect(await requestToken({ grant_type: 'refresh_token', refresh_token: 'old' }, undefined, { oidc: true })).toMatchObject({ ok: true, tokens: { refresh_token: opaque } });
    platformAnswers(JSON.stringify({ ...answer(goodAccess), refresh_token: undefined }));
    expect(await requestToken({ grant_type: 'refresh_token', refresh_token: opaque }, undefined, { oidc: true })).toMatchObject({ ok: true, tokens: { refresh_token: opaque } });
  });

  it('calls an opaque refresh token from the platform (OIDC off) malformed, saying why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    platformAnswers(JSON.stringify({ ...answer(goodAccess), refresh_token: 'opaque' }));
    expect(await requestToken({ grant_type: 'refresh_token', refresh_token: 'old' })).toEqual({ ok: false, reason: 'malformed' });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/refresh_token: not a JWT/));
  });
});
