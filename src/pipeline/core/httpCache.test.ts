// Under node: its Request keeps the `cache` mode (happy-dom's drops it).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys, writeKv } from '../../session/core/sessionDb';

const refreshSession = vi.fn<(request: unknown) => Promise<string>>();
vi.mock('../../session/core/refresh', () => ({ refreshSession: (request: unknown) => refreshSession(request) }));

const { pipelineFetch } = await import('./pipelineFetch');

const origin = 'http://localhost:4173';

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = `${b64({ alg: 'RS256' })}.${b64({ guid: 'u1', tenantGuid: 't1', exp: 4_000_000_000 })}.sig`;

/** The platform: records each request's cache mode and bearer; 401 for the first `refusals` calls. */
function platform(refusals = 0) {
  const sent: { url: string; cache: RequestCache; bearer: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      sent.push({ url: new URL(request.url).pathname, cache: request.cache, bearer: request.headers.get('Authorization') });
      return Promise.resolve(new Response('{}', { status: sent.length <= refusals ? 401 : 200 }));
    }),
  );
  return sent;
}

/**
 * The browser's HTTP cache is keyed by URL, not by bearer, so a bearer call must
 * neither read nor fill it (the member's own Cache Storage bucket is the only cache).
 */
describe('bearer calls bypass the browser’s HTTP cache', () => {
  beforeEach(async () => {
    vi.stubGlobal('location', new URL(`${origin}/mfe-host`));
    await writeKv(sessionKeys.accessToken, token);
    refreshSession.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['a cacheable call', '/api/atlas/v1/theme', 'default'],
    ['a cacheable call asking for the cache', '/api/branding/v1/branding?isWorkspaceNavigation=true', 'force-cache'],
    ['another call', '/api/access/v1/permissions', 'default'],
  ] as const)('%s goes out with cache no-store', async (_name, path, cache) => {
    const sent = platform();
    await pipelineFetch(new Request(`${origin}${path}`, { cache }));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((s) => s.cache === 'no-store' && s.bearer === `Bearer ${token}`)).toBe(true);
  });

  it('the retry after a refresh too', async () => {
    const sent = platform(1);
    refreshSession.mockResolvedValue('refreshed');
    expect((await pipelineFetch(new Request(`${origin}/api/access/v1/permissions`))).status).toBe(200);
    expect(sent.map((s) => s.cache)).toEqual(['no-store', 'no-store']);
  });
});
