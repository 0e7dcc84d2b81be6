// Contract "Refresh grace": a rotated refresh token repeated within the grace gets the same answer;
// any other reuse is theft and revokes the whole session.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAuthError, TokenResponse } from './contract.ts';
import { CONTROL_HEADER, CONTROL_SECRET, api, control, refresh, signIn, startPlatform, type Harness, type Tokens } from './harness.ts';
import { TOKEN_PATH, boundGet, emulatorNow, lastLogged, proofKey, refreshBound, signInBound, type ProofKey } from './dpopClient.ts';
import { waitBound } from '../../../src/core/waitBound.testSupport.ts';

let h: Harness;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h.close());
beforeEach(() => control(h.base, 'POST', 'reset'));

const USER = '/api/access/v1/users/current/legacy';

async function invalidGrant(res: Response): Promise<void> {
  expect(res.status).toBe(400);
  expect(OAuthError.parse(await res.json()).error).toBe('invalid_grant');
}

/** The session is over: its newest access token is 401 and its newest refresh token invalid_grant. */
async function expectRevoked(latest: Pick<Tokens, 'access_token' | 'refresh_token'>): Promise<void> {
  expect((await api(h.base, USER, { token: latest.access_token })).status).toBe(401);
  await invalidGrant(await refresh(h.base, latest.refresh_token));
}

describe('refresh grace', () => {
  let first: Tokens;
  beforeEach(async () => {
    first = await signIn(h.base, 'admin@acme.test');
  });

  it('answers a repeat within the grace with the very same answer, changes nothing, and logs it as a grace replay', async () => {
    const answer = await (await refresh(h.base, first.refresh_token)).text();
    const repeat = await refresh(h.base, first.refresh_token);
    expect(repeat.status).toBe(200);
    expect(await repeat.text()).toBe(answer);
    expect(await lastLogged(h.base, TOKEN_PATH)).toMatchObject({ status: 200, graceReplay: true, reuse: false });
    const second = TokenResponse.parse(JSON.parse(answer));
    expect((await api(h.base, USER, { token: second.access_token })).status).toBe(200);
    expect((await refresh(h.base, second.refresh_token)).status).toBe(200);
  });

  it('answers two presentations that arrive together (held, then let go at once) with one answer, revoking nothing', async () => {
    const { id } = await control<{ id: string }>(h.base, 'POST', 'faults', { path: TOKEN_PATH, hold: true });
    const both = [refresh(h.base, first.refresh_token), refresh(h.base, first.refresh_token)];
    // Both held: two entries still without an answer (the sign-in's was answered before).
    const held = async () => (await control<Array<{ status: number }>>(h.base, 'GET', `log?path=${TOKEN_PATH}`)).filter((r) => r.status === 0);
    await vi.waitFor(async () => expect(await held()).toHaveLength(2), waitBound);
    await control(h.base, 'DELETE', `faults/${id}`);
    const [a, b] = await Promise.all(both.map(async (r) => ({ status: (await r).status, text: await (await r).text() })));
    expect(a?.status).toBe(200);
    expect(b?.text).toBe(a?.text);
    const rows = await control<Array<{ graceReplay: boolean; reuse: boolean }>>(h.base, 'GET', `log?path=${TOKEN_PATH}`);
    expect(rows.slice(-2).map((r) => r.graceReplay).sort()).toEqual([false, true]);
  });

  it('answers a repeat with other switch parameters the same way (the first answer, not a new switch)', async () => {
    const answer = await (await refresh(h.base, first.refresh_token)).text();
    const repeat = await refresh(h.base, first.refresh_token, { context: 'acme-sandbox', contextVersion: '2' });
    expect(await repeat.text()).toBe(answer);
  });

  it('after the successor was used: invalid_grant, logged as reuse, and the whole session revoked', async () => {
    const second = TokenResponse.parse(await (await refresh(h.base, first.refresh_token)).json());
    const third = TokenResponse.parse(await (await refresh(h.base, second.refresh_token)).json());
    await invalidGrant(await refresh(h.base, first.refresh_token));
    expect(await lastLogged(h.base, TOKEN_PATH)).toMatchObject({ status: 400, graceReplay: false, reuse: true });
    await expectRevoked(third);
  });

  it('outside the grace (emulator clock moved 60 s on): invalid_grant and the session revoked', async () => {
    const second = TokenResponse.parse(await (await refresh(h.base, first.refresh_token)).json());
    // 55, not 59: the emulator counts whole seconds of the wall clock, and a loaded CI machine can
    // cross a few second boundaries between the first use and this repeat (seen in CI at 59).
    await control(h.base, 'POST', 'clock', { offsetSeconds: 55 });
    expect((await refresh(h.base, first.refresh_token)).status).toBe(200);
    await control(h.base, 'POST', 'clock', { offsetSeconds: 60 });
    await invalidGrant(await refresh(h.base, first.refresh_token));
    await expectRevoked(second);
  });

  it('with grace 0 any reuse revokes; the setting is checked and a reset brings back 60', async () => {
    expect(await control(h.base, 'POST', 'refresh-grace', { seconds: 0 })).toEqual({ seconds: 0 });
    const second = TokenResponse.parse(await (await refresh(h.base, first.refresh_token)).json());
    await invalidGrant(await refresh(h.base, first.refresh_token));
    await expectRevoked(second);
    const refused = await fetch(`${h.base}/__control/refresh-grace`, { method: 'POST', headers: { 'content-type': 'application/json', [CONTROL_HEADER]: CONTROL_SECRET }, body: JSON.stringify({ seconds: 301 }) });
    expect(refused.status).toBe(400);
    await control(h.base, 'POST', 'reset');
    expect(await control(h.base, 'GET', 'refresh-grace')).toEqual({ seconds: 60 });
  });
});

describe('refresh grace with a bound session', () => {
  let key: ProofKey;
  beforeAll(async () => {
    key = await proofKey();
  });

  it('repeats the answer only for a proof by the bound key; a repeat without it is reuse', async () => {
    const first = TokenResponse.parse(await (await signInBound(h.base, 'admin@acme.test', key)).json());
    const answer = await (await refreshBound(h.base, first.refresh_token, key)).text();
    const repeat = await refreshBound(h.base, first.refresh_token, key);
    expect(await repeat.text()).toBe(answer);
    expect(await lastLogged(h.base, TOKEN_PATH)).toMatchObject({ dpop: 'valid', graceReplay: true });
    await invalidGrant(await refreshBound(h.base, first.refresh_token, null));
    expect(await lastLogged(h.base, TOKEN_PATH)).toMatchObject({ dpop: 'absent', reuse: true });
    const second = TokenResponse.parse(JSON.parse(answer));
    const revoked = await boundGet(h.base, USER, second.access_token, key, { iat: await emulatorNow(h.base) });
    expect(revoked.status).toBe(401);
    await invalidGrant(await refreshBound(h.base, second.refresh_token, key));
  });
});
