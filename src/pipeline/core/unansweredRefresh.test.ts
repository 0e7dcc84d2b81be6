// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys, writeKv } from '../../session/core/sessionDb';

const refreshSession = vi.fn<(request: unknown) => Promise<string>>();
vi.mock('../../session/core/refresh', () => ({ refreshSession: (request: unknown) => refreshSession(request) }));

const { pipelineFetch, unansweredRefreshRetryDelaysMs } = await import('./pipelineFetch');

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = `${b64({ alg: 'RS256' })}.${b64({ guid: 'u1', tenantGuid: 't1', exp: 4_000_000_000 })}.sig`;

/** The platform: 401 until a refresh has succeeded, then 200. */
function platform() {
  let refreshed = false;
  const statuses: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(() => {
      const status = refreshed ? 200 : 401;
      statuses.push(status);
      return Promise.resolve(new Response(null, { status }));
    }),
  );
  return { statuses, refreshed: () => (refreshed = true) };
}

describe('pipelineFetch when the refresh goes unanswered', () => {
  beforeEach(async () => {
    await writeKv(sessionKeys.accessToken, token);
    refreshSession.mockReset();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const call = () => pipelineFetch(new Request(`${location.origin}/api/access/v1/permissions`));

  /** Moves the fake clock in small steps (the session store's reads are real async work) until `answer` settles. */
  async function settled(answer: Promise<Response>, upToMs: number): Promise<{ response: Response; elapsedMs: number }> {
    let response: Response | null = null;
    void answer.then((r) => (response = r));
    let elapsedMs = 0;
    while (response === null && elapsedMs <= upToMs) {
      await vi.advanceTimersByTimeAsync(50);
      elapsedMs += 50;
    }
    if (response === null) throw new Error(`no answer within ${upToMs} ms`);
    return { response, elapsedMs };
  }

  it('asks for the refresh again after an unanswered one, then retries the call once', async () => {
    const { statuses, refreshed } = platform();
    refreshSession.mockResolvedValueOnce('unreachable').mockImplementationOnce(() => {
      refreshed();
      return Promise.resolve('reused');
    });
    const { response, elapsedMs } = await settled(call(), 10_000);
    expect(response.status).toBe(200);
    expect(elapsedMs).toBeGreaterThanOrEqual(unansweredRefreshRetryDelaysMs[0]!);
    expect(refreshSession).toHaveBeenCalledTimes(2);
    expect(statuses).toEqual([401, 200]);
  });

  it('a token endpoint that stays unanswered: the caller gets its 401 after the bounded retries', async () => {
    const { statuses } = platform();
    refreshSession.mockResolvedValue('unreachable');
    const { response } = await settled(call(), 10_000);
    expect(response.status).toBe(401);
    expect(refreshSession).toHaveBeenCalledTimes(1 + unansweredRefreshRetryDelaysMs.length);
    expect(statuses).toEqual([401]);
  });

  it('a refused refresh is not asked for again (the session is over)', async () => {
    const { statuses } = platform();
    refreshSession.mockResolvedValue('refused');
    expect((await call()).status).toBe(401);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual([401]);
  });
});
