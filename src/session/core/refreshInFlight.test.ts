// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteKv, readKv, readStoredAuth, sessionKeys, writeKv } from './sessionDb';
import { refreshInFlightKey, refreshSession } from './refresh';
import { onSessionMessage, type SessionMessage } from './sessionChannel';
import { unsignedJwt } from './unsignedJwt.testSupport';
import { waitBound } from '../../core/waitBound.testSupport';


const jwt = unsignedJwt;
const later = Math.floor(Date.now() / 1000) + 3600;
const access = (n: number) => jwt({ guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', exp: later, n });
const refresh = (n: number) => jwt({ exp: later + 28_800, n });

/** The token endpoint: answers each grant with the next pair, or as `answer` says; records what was presented. */
function tokenEndpoint(answer: (n: number) => Response | Promise<Response> = (n) => Response.json({ access_token: access(n), refresh_token: refresh(n), token_type: 'bearer', expires_in: 900, scope: 'read' })) {
  const presented: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: URL, init: RequestInit) => {
      presented.push(new URLSearchParams(init.body as string).get('refresh_token') ?? '');
      return answer(presented.length);
    }),
  );
  return presented;
}

describe('refreshSession and a refresh whose sender went away', () => {
  let messages: SessionMessage[];
  let stop: () => void;
  beforeEach(async () => {
    await deleteKv(refreshInFlightKey);
    await deleteKv(sessionKeys.authClient);
    await writeKv(sessionKeys.auth, { tenantGuid: 't1', orgGroupGuid: 'g1', refresh_token: refresh(0) });
    await writeKv(sessionKeys.accessToken, access(0));
    messages = [];
    stop = onSessionMessage((m) => messages.push(m));
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('a refresh that hears its answer leaves nothing behind, and the next one presents the new token', async () => {
    const presented = tokenEndpoint();
    expect(await refreshSession()).toBe('refreshed');
    expect(await readKv(refreshInFlightKey, (v): v is string => typeof v === 'string')).toBeNull();
    expect(await refreshSession()).toBe('refreshed');
    expect(presented).toEqual([refresh(0), refresh(1)]);
  });

  it('an unanswered refresh is retried with the same token (it was not redeemed)', async () => {
    let fail = true;
    const presented = tokenEndpoint((n) => (fail ? new Response(null, { status: 503 }) : Response.json({ access_token: access(n), refresh_token: refresh(n), token_type: 'bearer', expires_in: 900, scope: 'read' })));
    expect(await refreshSession()).toBe('unreachable');
    fail = false;
    expect(await refreshSession()).toBe('refreshed');
    expect(presented).toEqual([refresh(0), refresh(0)]);
  });

  it('without a grace, a grant given up after it was sent (time limit passed, machine slept) is never sent again', async () => {
    await writeKv(sessionKeys.authClient, { clientId: 'trust-shell', tokenEndpoint: '/api/access/v1/oauth/token', refreshGraceSeconds: 0 });
    // The request left; the platform may have redeemed the token, but its answer never arrived here.
    const presented = tokenEndpoint(() => Promise.reject(new DOMException('signal timed out', 'TimeoutError')));
    expect(await refreshSession()).toBe('unreachable');
    expect(await refreshSession({ failedToken: access(0) })).toBe('refused');
    expect(presented).toEqual([refresh(0)]);
    expect(await readStoredAuth()).toBeNull();
    expect(messages).toContainEqual({ type: 'logoff', redirect: '/auth', ended: 'refused' });
  });

  it('a digest of another token (an older session) does not end this one', async () => {
    await writeKv(refreshInFlightKey, 'digest-of-some-other-token');
    const presented = tokenEndpoint();
    expect(await refreshSession()).toBe('refreshed');
    expect(presented).toEqual([refresh(0)]);
  });

  it('a grant answered after its caller gave up (20 s) is still stored; the spent token is never presented again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let release: (r: Response) => void = () => undefined;
      const late = new Promise<Response>((resolve) => (release = resolve));
      const pair = (n: number) => Response.json({ access_token: access(n), refresh_token: refresh(n), token_type: 'bearer', expires_in: 900, scope: 'read' });
      const presented = tokenEndpoint((n) => (n === 1 ? late : pair(n)));
      const first = refreshSession();
      await vi.waitFor(() => expect(presented).toHaveLength(1), waitBound);
      // A screen's 401 asks meanwhile and waits for the lock the slow grant holds.
      const waiting = refreshSession({ failedToken: access(0) });
      await vi.advanceTimersByTimeAsync(20_000);
      expect(await first).toBe('unreachable');
      expect(await waiting).toBe('unreachable');
      // The platform redeemed refresh(0) and its answer arrives late: the new pair is kept.
      release(pair(1));
      await vi.waitFor(async () => expect((await readStoredAuth())?.refresh_token).toBe(refresh(1)), waitBound);
      expect(await readKv(sessionKeys.accessToken, (v): v is string => typeof v === 'string')).toBe(access(1));
      expect(messages).toContainEqual({ type: 'session-changed' });
      // The caller that gave up while waiting sent nothing; the next refresh presents the new token.
      expect(await refreshSession()).toBe('refreshed');
      expect(presented).toEqual([refresh(0), refresh(1)]);
      expect(messages).not.toContainEqual({ type: 'logoff', redirect: '/auth', ended: 'refused' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a grant answered within 20 s: its caller hears the outcome itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let release: (r: Response) => void = () => undefined;
      const presented = tokenEndpoint(() => new Promise<Response>((resolve) => (release = resolve)));
      const outcome = refreshSession();
      await vi.waitFor(() => expect(presented).toHaveLength(1), waitBound);
      await vi.advanceTimersByTimeAsync(19_000);
      release(Response.json({ error: 'invalid_grant' }, { status: 400 }));
      expect(await outcome).toBe('refused');
      expect(await readStoredAuth()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('within the refresh grace, a grant given up after it was sent is presented again by the next refresh, answer kept', async () => {
    let lost = true;
    const presented = tokenEndpoint((n) =>
      lost ? Promise.reject(new DOMException('signal timed out', 'TimeoutError')) : Response.json({ access_token: access(n), refresh_token: refresh(n), token_type: 'bearer', expires_in: 900, scope: 'read' }),
    );
    expect(await refreshSession()).toBe('unreachable');
    lost = false;
    expect(await refreshSession({ failedToken: access(0) })).toBe('refreshed');
    expect(presented).toEqual([refresh(0), refresh(0)]);
    expect((await readStoredAuth())?.refresh_token).toBe(refresh(2));
    expect(await readKv(refreshInFlightKey, (v): v is unknown => v !== undefined)).toBeNull();
    expect(messages).not.toContainEqual({ type: 'logoff', redirect: '/auth', ended: 'refused' });
  });

  it('past the refresh grace, a grant never heard ends the session instead of being presented again', async () => {
    const presented = tokenEndpoint();
    const { digest } = await import('./refreshDigest.testSupport');
    await writeKv(refreshInFlightKey, { digest: await digest(refresh(0)), sentAt: Date.now() - 61_000 });
    expect(await refreshSession({ failedToken: access(0) })).toBe('refused');
    expect(presented).toEqual([]);
    expect(await readStoredAuth()).toBeNull();
  });

  it('a platform that answers the repeat with invalid_grant ends the session cleanly, once', async () => {
    const presented = tokenEndpoint(() => Response.json({ error: 'invalid_grant' }, { status: 400 }));
    const { digest } = await import('./refreshDigest.testSupport');
    await writeKv(refreshInFlightKey, { digest: await digest(refresh(0)), sentAt: Date.now() - 1_000 });
    expect(await refreshSession({ failedToken: access(0) })).toBe('refused');
    expect(presented).toEqual([refresh(0)]);
    expect(await readStoredAuth()).toBeNull();
    expect(messages.filter((m) => m.type === 'logoff')).toHaveLength(1);
  });

  // Last: the dead sender's grant never settles, so this module's own queue stays busy after it.
  it('without a grace, a token sent by a context that died before the answer is never sent again: a refused refresh', async () => {
    await writeKv(sessionKeys.authClient, { clientId: 'trust-shell', tokenEndpoint: '/api/access/v1/oauth/token', refreshGraceSeconds: 0 });
    // The sender wrote its digest and sent the grant, then its tab reloaded: the answer never came.
    const presented = tokenEndpoint(() => new Promise<Response>(() => undefined));
    void refreshSession();
    await vi.waitFor(() => expect(presented).toHaveLength(1), waitBound);
    vi.unstubAllGlobals();
    vi.resetModules();
    // A new context (another tab, the reloaded one, the service worker) needs a refresh.
    const fresh = await import('./refresh');
    const next = tokenEndpoint();
    expect(await fresh.refreshSession({ failedToken: access(0) })).toBe('refused');
    expect(next).toEqual([]);
    expect(await readStoredAuth()).toBeNull();
    await vi.waitFor(() => expect(messages).toContainEqual({ type: 'logoff', redirect: '/auth', ended: 'refused' }), waitBound);
    // Each tab's login client reports token_refresh_error, as for a refused grant.
    expect(messages).toContainEqual({ type: 'refresh-failed', reason: 'refused' });
  });
});
