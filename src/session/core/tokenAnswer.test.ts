import { describe, expect, it } from 'vitest';
import { parseTokenAnswer, storedRefreshToken } from './tokenAnswer';
import { refreshExpiry } from './claims';
import { isStoredAuth } from './sessionDb';
import { unsignedJwt } from './unsignedJwt.testSupport';

const now = Date.UTC(2026, 10, 28, 12) / 1000;
const access = unsignedJwt({ guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', exp: now + 900 });
/** oidc-provider's stock refresh token: 43 URL-safe characters, opaque to a client (RFC 6749 §1.5). */
const opaque = 'Vf1PvZ2tH1sPfK8eV_2m0cQnGQ4Yx3xWl6bH0yR6g-A';
const answer = (refresh: unknown, extra: Record<string, unknown> = {}) => ({ access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: 900, scope: 'openid profile read', ...extra });

describe('the token answer rules', () => {
  it('take an opaque refresh token only with OIDC on', () => {
    expect(parseTokenAnswer(answer(opaque), { oidc: true })).toMatchObject({ ok: true, tokens: { refresh_token: opaque } });
    const platform = parseTokenAnswer(answer(opaque), { oidc: false });
    expect(platform.ok).toBe(false);
    // A clear error: which member, and why.
    expect(platform.ok ? '' : platform.problem).toMatch(/refresh_token.*not a JWT.*only with authClient\.oidc on/);
  });

  it('take the platform JWT refresh token either way', () => {
    const jwt = unsignedJwt({ exp: now + 28_800 });
    expect(parseTokenAnswer(answer(jwt), { oidc: false }).ok).toBe(true);
    expect(parseTokenAnswer(answer(jwt), { oidc: true }).ok).toBe(true);
  });

  it('keep the presented refresh token when an OIDC refresh answer names none (RFC 6749 §6: not rotated)', () => {
    const kept = parseTokenAnswer(answer(undefined), { oidc: true, presentedRefreshToken: opaque });
    expect(kept).toMatchObject({ ok: true, tokens: { refresh_token: opaque } });
    expect(parseTokenAnswer(answer(undefined), { oidc: true }).ok).toBe(false);
    expect(parseTokenAnswer(answer(undefined), { oidc: false, presentedRefreshToken: opaque }).ok).toBe(false);
  });

  it.each([
    ['an empty refresh token', answer('')],
    ['a refresh token with a space and a line break', answer('abc def\n')],
    ['a number as refresh token', answer(42)],
    ['refresh_expires_in as text', answer(opaque, { refresh_expires_in: '3600' })],
    ['a negative refresh_expires_in', answer(opaque, { refresh_expires_in: -1 })],
    ['an opaque access token', { ...answer(opaque), access_token: opaque }],
    ['no token_type', { ...answer(opaque), token_type: undefined }],
  ])('refuse %s with OIDC on too, naming the member', (_name, body) => {
    const parsed = parseTokenAnswer(body, { oidc: true });
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.problem).toMatch(/^The token answer is off the contract at (refresh_token|refresh_expires_in|access_token|token_type)/);
  });

  it('refuse an answer that is no object', () => {
    for (const body of [null, [], 'tokens']) expect(parseTokenAnswer(body, { oidc: true })).toMatchObject({ ok: false, problem: expect.stringMatching(/not a JSON object/) as unknown });
  });
});

describe("the refresh token's expiry", () => {
  it('is its own exp claim when it has one', () => {
    const jwt = unsignedJwt({ exp: now + 28_800 });
    const tokens = { ...answer(jwt), refresh_token: jwt, refresh_expires_in: 60 };
    const stored = storedRefreshToken(tokens, now * 1000);
    expect(stored).toEqual({ refresh_token: jwt });
    expect(refreshExpiry(stored)).toBe(now + 28_800);
  });

  it("falls back to the answer's refresh_expires_in for an opaque token", () => {
    const stored = storedRefreshToken({ ...answer(opaque), refresh_token: opaque, refresh_expires_in: 1800 }, now * 1000);
    expect(stored).toEqual({ refresh_token: opaque, refreshExpiresAt: now + 1800 });
    expect(refreshExpiry(stored)).toBe(now + 1800);
  });

  it('is no limit for an opaque token whose answer says nothing', () => {
    const stored = storedRefreshToken({ ...answer(opaque), refresh_token: opaque }, now * 1000);
    expect(stored).toEqual({ refresh_token: opaque, refreshExpiresAt: null });
    expect(refreshExpiry(stored)).toBe(Number.POSITIVE_INFINITY);
  });

  it('keeps a stored opaque session a session, and an unreadable platform token none (corrupt storage)', () => {
    const scope = { tenantGuid: 't1', orgGroupGuid: 'g1' };
    expect(isStoredAuth({ ...scope, refresh_token: opaque, refreshExpiresAt: null })).toBe(true);
    expect(isStoredAuth({ ...scope, refresh_token: opaque, refreshExpiresAt: now + 60 })).toBe(true);
    expect(isStoredAuth({ ...scope, refresh_token: opaque })).toBe(false);
    expect(isStoredAuth({ ...scope, refresh_token: '', refreshExpiresAt: null })).toBe(false);
    expect(isStoredAuth({ ...scope, refresh_token: opaque, refreshExpiresAt: 'soon' })).toBe(false);
  });
});
