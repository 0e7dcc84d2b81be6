import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callDeadline, isTimeout, platformCallTimeoutMs, silentAfterMs } from './callDeadline';

describe('callDeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports silence within 10 s and gives the call up at 20 s', () => {
    const onSilent = vi.fn();
    const { signal } = callDeadline(null, { onSilent });
    expect(silentAfterMs).toBeLessThan(10_000);
    vi.advanceTimersByTime(silentAfterMs - 1);
    expect(onSilent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSilent).toHaveBeenCalledOnce();
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(platformCallTimeoutMs - silentAfterMs);
    expect(signal.aborted).toBe(true);
    expect(isTimeout(signal.reason)).toBe(true);
    expect(onSilent).toHaveBeenCalledOnce();
  });

  it('an answered call is neither silent nor given up', () => {
    const onSilent = vi.fn();
    const { signal, settle } = callDeadline(null, { onSilent });
    vi.advanceTimersByTime(1_000);
    settle();
    vi.advanceTimersByTime(60_000);
    expect(onSilent).not.toHaveBeenCalled();
    expect(signal.aborted).toBe(false);
  });

  it("the caller's own abort passes through with its reason, and is no time-out", () => {
    const outer = new AbortController();
    const { signal } = callDeadline(outer.signal, { timeoutMs: 5_000 });
    outer.abort(new DOMException('signed out', 'AbortError'));
    expect(signal.aborted).toBe(true);
    expect(isTimeout(signal.reason)).toBe(false);
    const already = callDeadline(outer.signal);
    expect(already.signal.aborted).toBe(true);
  });

  it('a custom limit', () => {
    const { signal } = callDeadline(undefined, { timeoutMs: 3_000 });
    vi.advanceTimersByTime(2_999);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(isTimeout(signal.reason)).toBe(true);
  });
});
