import { describe, expect, it, vi } from 'vitest';
import { expose } from 'comlink';
import { OrgTreeEngine } from '../../core/orgTree/orgTreeEngine';
import { startOrgTreeEngine } from './orgTreeClient';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const init = { permissions: { Login: true }, organizations: [{ Id: id(1), Name: 'Root', ParentId: null, Children: [], Position: 0 }] };
const bytes = () => new TextEncoder().encode(JSON.stringify(init)).buffer;
const options = { scopeKey: 'client:test', rootOrgId: id(1) };

/** A stand-in Worker: an EventTarget that records termination and never answers. */
class SilentWorker extends EventTarget {
  terminated = false;
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

describe('startOrgTreeEngine', () => {
  it('runs inline when there is no Worker', async () => {
    const { api, mode } = await startOrgTreeEngine(null);
    expect(mode).toBe('inline');
    expect((await api.ingest(bytes(), options)).summary?.count).toBe(1);
    await api.clear();
  });

  it('runs inline when creating the worker throws', async () => {
    const { mode } = await startOrgTreeEngine(() => {
      throw new Error('blocked by CSP');
    });
    expect(mode).toBe('inline');
  });

  it('runs inline and ends the worker when its script fails to load', async () => {
    const worker = new SilentWorker();
    const started = startOrgTreeEngine(() => worker as unknown as Worker, 60_000);
    worker.dispatchEvent(new Event('error'));
    expect((await started).mode).toBe('inline');
    expect(worker.terminated).toBe(true);
  });

  it('runs inline when the worker never answers', async () => {
    vi.useFakeTimers();
    try {
      const worker = new SilentWorker();
      const started = startOrgTreeEngine(() => worker as unknown as Worker, 5_000);
      await vi.advanceTimersByTimeAsync(5_000);
      expect((await started).mode).toBe('inline');
      expect(worker.terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('talks to a worker through Comlink and moves the init bytes instead of copying them', async () => {
    const { port1, port2 } = new MessageChannel();
    expose(new OrgTreeEngine(), port1);
    port2.start();
    const worker = Object.assign(port2, { terminate: () => port2.close() });
    const { api, mode } = await startOrgTreeEngine(() => worker as unknown as Worker);
    expect(mode).toBe('worker');
    const body = bytes();
    const result = await api.ingest(body, options);
    expect(result.summary).toMatchObject({ status: 'ready', count: 1, current: { Name: 'Root' } });
    expect(body.byteLength).toBe(0);
    await api.clear();
    port2.close();
  });

  it('in a worker, init is fetched there: only the state without organizations comes back to the page', async () => {
    const { port1, port2 } = new MessageChannel();
    const platformFetch = vi.fn((path: string, controlled: boolean) => Promise.resolve(Response.json({ ...init, path, controlled })));
    expose(new OrgTreeEngine(platformFetch), port1);
    port2.start();
    const worker = Object.assign(port2, { terminate: () => port2.close() });
    const { api } = await startOrgTreeEngine(() => worker as unknown as Worker);
    const load = await api.loadInit({ ...options, controlled: true });
    expect(load).toMatchObject({ status: 200, result: { state: { permissions: { Login: true }, path: '/api/global-state/v1/init', controlled: true }, summary: { count: 1 } } });
    expect(load.result?.state).not.toHaveProperty('organizations');
    await api.clear();
    port2.close();
  });
});
