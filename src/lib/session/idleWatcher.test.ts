// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIdleWatcher, type IdleWatcher } from './idleWatcher';
import { storageKeys } from '../storage/keys';

describe('the idle watcher', () => {
  let watcher: IdleWatcher | undefined;
  const warnings: (number | null)[] = [];
  const onTimedOut = vi.fn();
  let enabled = true;

  const start = () => {
    watcher = startIdleWatcher({ enabled: () => enabled, autoRefresh: () => false, onWarning: (at) => warnings.push(at), onTimedOut });
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    localStorage.clear();
    warnings.length = 0;
    onTimedOut.mockClear();
    enabled = true;
  });
  afterEach(() => {
    watcher?.stop();
    vi.useRealTimers();
  });

  it('opens the warning after 300 s without input, with its deadline 60 s later, then times out', async () => {
    start();
    const started = Date.now();
    await vi.advanceTimersByTimeAsync(299_000);
    expect(warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(warnings).toEqual([started + 360_000]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(warnings).toEqual([started + 360_000, null]);
    expect(onTimedOut).toHaveBeenCalledTimes(1);
  });

  it('input restarts the window and is shared through local storage; input during the warning does not close it', async () => {
    start();
    await vi.advanceTimersByTimeAsync(200_000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(Number(localStorage.getItem(storageKeys.lastActivity))).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(299_000);
    expect(warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(warnings).toHaveLength(1);
    window.dispatchEvent(new PointerEvent('pointermove'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(warnings).toHaveLength(1);
    watcher!.restart(); // Continue
    expect(warnings.at(-1)).toBeNull();
  });

  it('another tab’s activity (a storage write) keeps this tab out of the warning', async () => {
    start();
    await vi.advanceTimersByTimeAsync(250_000);
    localStorage.setItem(storageKeys.lastActivity, String(Date.now()));
    await vi.advanceTimersByTimeAsync(100_000);
    expect(warnings).toEqual([]);
  });

  it('a clock that jumps past the deadline times out at once, without a warning first', () => {
    start();
    vi.setSystemTime(Date.now() + 3_600_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onTimedOut).toHaveBeenCalledTimes(1);
    expect(warnings).toEqual([]);
  });

  it('without SessionTimeoutWarning there is neither warning nor timeout', async () => {
    enabled = false;
    start();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(warnings).toEqual([]);
    expect(onTimedOut).not.toHaveBeenCalled();
  });

  it('a corrupt stored activity time starts a fresh window instead of timing out', async () => {
    localStorage.setItem(storageKeys.lastActivity, 'not a time');
    start();
    expect(onTimedOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(299_000);
    expect(warnings).toEqual([]);
  });
});
