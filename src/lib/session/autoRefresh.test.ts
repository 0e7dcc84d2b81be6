// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/jotai';
import { runtimeConfigAtom } from '../../config/configAtom';
import { defaultRuntimeConfig, parseRuntimeConfig } from '../../config/runtimeConfig';
import { refreshSession } from '../../core/session/refresh';
import { startAutoRefresh } from './autoRefresh';

vi.mock('../../core/session/refresh', () => ({ refreshSession: vi.fn(() => Promise.resolve('refreshed')) }));

/** Refreshes asked for after the first run (3 s) and then `ms` more. */
async function refreshesAfter(ms: number): Promise<number> {
  await vi.advanceTimersByTimeAsync(3_000);
  expect(refreshSession).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(ms);
  return vi.mocked(refreshSession).mock.calls.length;
}

describe('the auto refresh interval is 300000 ms times the configured factor (SPEC §9)', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    localStorage.clear(); // no other tab leads (this one's last test wrote its id)
    vi.useFakeTimers();
    vi.mocked(refreshSession).mockClear();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    appStore.set(runtimeConfigAtom, defaultRuntimeConfig);
  });

  it('0.8 by default: every 240 s', async () => {
    stop = startAutoRefresh({ hasPermission: () => true });
    expect(await refreshesAfter(239_999)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshSession).toHaveBeenCalledTimes(2);
  });

  it('authClient.autoRefreshFactor 0.5: every 150 s', async () => {
    appStore.set(runtimeConfigAtom, parseRuntimeConfig({ authClient: { autoRefreshFactor: 0.5 } }));
    stop = startAutoRefresh({ hasPermission: () => true });
    expect(await refreshesAfter(149_999)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshSession).toHaveBeenCalledTimes(2);
  });
});
