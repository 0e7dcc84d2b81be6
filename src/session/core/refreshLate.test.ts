// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteKv, readKv, readStoredAuth, sessionKeys, writeKv } from './sessionDb';
import { refreshInFlightKey, refreshSession } from './refresh';
import { onSessionMessage, type SessionMessage } from './sessionChannel';
import { unsignedJwt } from './unsignedJwt.testSupport';
import { waitBound } from '../../core/waitBound.testSupport';


const jwt = unsignedJwt;
const later = Math.floor(Date.now() / 1000) + 3600;
const access = (who: string, n: number) => jwt({ guid: who, tenantGuid: 't1', orgGroupGuid: 'g1', exp: later, n });
const refresh = (who: string, n: number) => jwt({ guid: who, exp: later + 28_800, n });
const isString = (v: unknown): v is string => typeof v === 'string';

interface Call {
  url: string;
  auth: string | null;
  body: string;
}

/** The token endpoint answers when the test releases it; every other call (logout, revoke) answers 204. */
function platform() {
  const calls: Call[] = [];
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      calls.push({ url: path, auth: request.headers.get('Authorization'), body: await request.text() });
      if (path !== '/api/access/v1/oauth/token') return new Response(null, { status: 204 });
      await answered;
      return Response.json({ access_token: access('a', 1), refresh_token: refresh('a', 1), token_type: 'bearer', expires_in: 900, scope: 'read' });
    }),
  );
  return { calls, release };
}

describe('a refresh answer that comes after its session ended', () => {
  let messages: SessionMessage[];
  let stop: () => void;
  beforeEach(async () => {
    await deleteKv(refreshInFlightKey);
    await writeKv(sessionKeys.auth, { tenantGuid: 't1', orgGroupGuid: 'g1', refresh_token: refresh('a', 0) });
    await writeKv(sessionKeys.accessToken, access('a', 0));
    messages = [];
    stop = onSessionMessage((m) => messages.push(m));
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('after a sign-out: nothing is stored, nobody is told of a new session, the new tokens are logged out', async () => {
    const { calls, release } = platform();
    const outcome = refreshSession();
    await vi.waitFor(() => expect(calls).toHaveLength(1), waitBound);
    // The sign-out deletes the session without the refresh lock.
    await deleteKv(sessionKeys.auth);
    await deleteKv(sessionKeys.accessToken);
    release();
    expect(await outcome).toBe('no-session');
    expect(await readStoredAuth()).toBeNull();
    expect(await readKv(sessionKeys.accessToken, isString)).toBeNull();
    expect(await readKv(refreshInFlightKey, isString)).toBeNull();
    expect(messages).not.toContainEqual({ type: 'session-changed' });
    expect(calls.slice(1)).toEqual([{ url: '/api/access/v1/auth/logout', auth: `Bearer ${access('a', 1)}`, body: '' }]);
  });

  it("after another member signed in: their session is untouched", async () => {
    const { calls, release } = platform();
    const outcome = refreshSession();
    await vi.waitFor(() => expect(calls).toHaveLength(1), waitBound);
    await writeKv(sessionKeys.auth, { tenantGuid: 't1', orgGroupGuid: 'g1', refresh_token: refresh('b', 0) });
    await writeKv(sessionKeys.accessToken, access('b', 0));
    release();
    expect(await outcome).toBe('no-session');
    expect((await readStoredAuth())?.refresh_token).toBe(refresh('b', 0));
    expect(await readKv(sessionKeys.accessToken, isString)).toBe(access('b', 0));
    expect(messages).not.toContainEqual({ type: 'session-changed' });
  });

  it('while the session is still the one presented, the answer is stored', async () => {
    const { release } = platform();
    release();
    expect(await refreshSession()).toBe('refreshed');
    expect((await readStoredAuth())?.refresh_token).toBe(refresh('a', 1));
    expect(messages).toContainEqual({ type: 'session-changed' });
  });
});

describe('a refresh grant the token endpoint holds past 20 s', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("is the login client's silent_refresh_timeout in every context, and is still heard out", async () => {
    await deleteKv(refreshInFlightKey);
    await writeKv(sessionKeys.auth, { tenantGuid: 't1', orgGroupGuid: 'g1', refresh_token: refresh('a', 0) });
    await writeKv(sessionKeys.accessToken, access('a', 0));
    const messages: SessionMessage[] = [];
    const stop = onSessionMessage((m) => messages.push(m));
    const { calls, release } = platform();
    const realTimeout = globalThis.setTimeout;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // vi.waitFor would move the fake clock: these polls go by the real timer.
    const settle = async (until: () => boolean = () => false) => {
      for (let turn = 0; turn < 100 && !until(); turn++) await new Promise((resolve) => realTimeout(resolve, 5));
    };
    const outcome = refreshSession({ failedToken: access('a', 0) });
    await settle(() => calls.length === 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(19_999);
    await settle();
    expect(messages).not.toContainEqual({ type: 'refresh-timeout' });
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => messages.some((m) => m.type === 'refresh-timeout'));
    expect(messages).toContainEqual({ type: 'refresh-timeout' });
    release();
    expect(await outcome).toBe('unreachable');
    // Its answer still came, and was stored.
    await vi.waitFor(async () => expect((await readStoredAuth())?.refresh_token).toBe(refresh('a', 1)), waitBound);
    stop();
  });
});
