import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsAgent } from './agent';
import { AnalyticsController, type AnalyticsTarget } from './analyticsController';
import type { AnalyticsIdentity } from './identity';

const identity = (id = 'user-1'): AnalyticsIdentity => ({
  visitor: { id, firstName: 'A', lastName: 'B', email: 'a@b.test', role: 'Site Admin', surveys_custom: true, guidedTours_custom: true, onboardingBot_custom: true, timeZone: 'UTC', rootOrg: 'root', NewNavigationEnabled: false },
  account: { id: 'tenant-1' },
  globalContext: { version: '5.3.0', tenantGuid: 'tenant-1' },
});
const target = (id?: string): AnalyticsTarget => ({ scriptUrl: '/agent/k.js', identity: identity(id) });

/** A fake agent that becomes ready after `readyAfter` isReady checks and records every call. */
function fakeAgent(readyAfter = 1) {
  const calls: string[] = [];
  let checks = 0;
  const agent: AnalyticsAgent = {
    initialize: (i) => calls.push(`initialize:${i.visitor.id}`),
    isReady: () => (checks += 1) >= readyAfter,
    track: (name) => calls.push(`track:${name}`),
    reset: () => calls.push('reset'),
    optOut: () => calls.push('optOut'),
  };
  return { agent, calls };
}

function setup(options: { agent?: AnalyticsAgent | null; load?: () => Promise<void> } = {}) {
  const log = { error: vi.fn(), warn: vi.fn() };
  const waits: number[] = [];
  const agent = options.agent === undefined ? fakeAgent().agent : options.agent;
  const controller = new AnalyticsController({
    loadScript: options.load ?? (() => Promise.resolve()),
    readAgent: () => agent,
    sleep: (ms) => (waits.push(ms), Promise.resolve()),
    log,
  });
  return { controller, log, waits };
}

describe('analytics controller', () => {
  it('queues events until the script is loaded and the member identified, then sends them in order', async () => {
    const { agent, calls } = fakeAgent(3);
    const { controller } = setup({ agent });
    controller.track('before-1');
    controller.track('before-2');
    await controller.update(target());
    controller.track('after');
    expect(calls).toEqual(['initialize:user-1', 'track:before-1', 'track:before-2', 'track:after']);
    expect(controller.state).toBe('ready');
  });

  it('logs "Could not load" with the error and carries on without analytics', async () => {
    const error = new Error('network');
    const { controller, log } = setup({ load: () => Promise.reject(error) });
    controller.track('queued');
    await controller.update(target());
    expect(log.error).toHaveBeenCalledWith('Could not load', error);
    expect(controller.state).toBe('off');
    expect(() => controller.track('later')).not.toThrow();
  });

  it('gives up after 7 checks when the agent never appears, and logs it', async () => {
    const { controller, log, waits } = setup({ agent: null });
    await controller.update(target());
    expect(waits).toEqual([10, 20, 40, 80, 160, 320, 640]);
    expect(log.error).toHaveBeenCalledWith('Analytics not initialised after 7 checks');
    expect(controller.state).toBe('off');
    // The same target again (e.g. after a token refresh) is not retried or logged twice.
    await controller.update(target());
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('gives up when the agent never becomes ready, without opting the member out', async () => {
    const { agent, calls } = fakeAgent(99);
    const { controller, log } = setup({ agent });
    controller.track('dropped');
    await controller.update(target());
    expect(log.error).toHaveBeenCalledWith('Analytics not initialised after 7 checks');
    expect(calls).toEqual(['initialize:user-1']);
    controller.reset();
    expect(calls).toEqual(['initialize:user-1', 'reset']);
  });

  it('logs tracking exceptions only', async () => {
    const { agent } = fakeAgent();
    agent.track = () => {
      throw new Error('boom');
    };
    const { controller, log } = setup({ agent });
    await controller.update(target());
    expect(() => controller.track('x')).not.toThrow();
    expect(log.warn).toHaveBeenCalledWith('Analytics track failed', expect.any(Error));
  });

  it('opt-out: the agent is told, nothing more is sent, and opting in again identifies again', async () => {
    const { agent, calls } = fakeAgent();
    const { controller } = setup({ agent });
    await controller.update(target());
    await controller.update(null);
    controller.track('after-opt-out');
    expect(calls).toEqual(['initialize:user-1', 'optOut']);
    await controller.update(target());
    expect(calls.slice(2)).toEqual(['initialize:user-1']);
  });

  it('reset on sign-out reaches an agent identified but not yet ready, and stops the wait', async () => {
    const { agent, calls } = fakeAgent(99);
    const waits: number[] = [];
    const controller: AnalyticsController = new AnalyticsController({
      loadScript: () => Promise.resolve(),
      readAgent: () => agent,
      sleep: (ms) => {
        waits.push(ms);
        if (waits.length === 2) controller.reset();
        return Promise.resolve();
      },
      log: { error: vi.fn(), warn: vi.fn() },
    });
    await controller.update(target());
    expect(calls).toEqual(['initialize:user-1', 'reset']);
    expect(waits).toHaveLength(2);
    expect(controller.state).toBe('idle');
  });

  it('re-identifies the same member without reloading, and resets before another member', async () => {
    const { agent, calls } = fakeAgent();
    const load = vi.fn(() => Promise.resolve());
    const { controller } = setup({ agent, load });
    await controller.update(target());
    await controller.update({ ...target(), identity: { ...identity(), globalContext: { version: '5.4.0', tenantGuid: 'tenant-1' } } });
    expect(load).toHaveBeenCalledTimes(1);
    await controller.update(target('user-2'));
    expect(calls).toEqual(['initialize:user-1', 'initialize:user-1', 'reset', 'initialize:user-2']);
  });
});
