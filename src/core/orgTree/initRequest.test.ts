// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextFetch } from './initRequest';

const pipelineFetch = vi.hoisted(() => vi.fn<(request: Request) => Promise<Response>>());
vi.mock('../../pipeline/core/pipelineFetch', () => ({ pipelineFetch }));

afterEach(() => {
  vi.unstubAllGlobals();
  pipelineFetch.mockReset();
});

describe('contextFetch (the organisation-tree worker reaching the platform)', () => {
  it('with a service worker in control, a cacheable read: a plain same-origin fetch, which the worker handles', async () => {
    const plain = vi.fn<(request: Request) => Promise<Response>>(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', plain);
    await contextFetch('/api/globalization/v1/languages', true);
    expect(plain.mock.calls.map(([r]) => [r.url, r.headers.get('Authorization')])).toEqual([[`${location.origin}/api/globalization/v1/languages`, null]]);
    expect(pipelineFetch).not.toHaveBeenCalled();
  });

  it('with one controlling the page, init (a start-up read): a plain fetch, which the service worker shares between tabs', async () => {
    const plain = vi.fn<(request: Request) => Promise<Response>>(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', plain);
    expect((await contextFetch('/api/global-state/v1/init', true)).status).toBe(200);
    expect(plain.mock.calls.map(([r]) => [r.url, r.headers.get('Authorization')])).toEqual([[`${location.origin}/api/global-state/v1/init`, null]]);
    expect(pipelineFetch).not.toHaveBeenCalled();
  });

  it('with one controlling the page, another non-cacheable read: the shared pipeline, applied in this context', async () => {
    const plain = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', plain);
    pipelineFetch.mockResolvedValue(new Response('{}', { status: 200 }));
    expect((await contextFetch('/api/access/v1/users/current/organizations', true)).status).toBe(200);
    expect(pipelineFetch.mock.calls.map(([r]) => r.url)).toEqual([`${location.origin}/api/access/v1/users/current/organizations`]);
    expect(plain).not.toHaveBeenCalled();
  });

  it('without one: the shared pipeline, applied in this context', async () => {
    const plain = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', plain);
    pipelineFetch.mockResolvedValue(new Response('{}', { status: 200 }));
    expect((await contextFetch('/api/global-state/v1/init', false)).status).toBe(200);
    expect(pipelineFetch.mock.calls.map(([r]) => r.url)).toEqual([`${location.origin}/api/global-state/v1/init`]);
    expect(plain).not.toHaveBeenCalled();
  });
});
