// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineSettleMs, whenOnlineSettled } from './onlineSettled';

let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const go = (state: boolean) => {
  online = state;
  window.dispatchEvent(new Event(state ? 'online' : 'offline'));
};

/** `run` has not run one tick before the settle time is up, and has run once at it. */
function expectRunAtSettle(run: ReturnType<typeof vi.fn>): void {
  vi.advanceTimersByTime(onlineSettleMs - 1);
  expect(run).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledTimes(1);
}

describe('whenOnlineSettled', () => {
  it('runs once the network has stayed on for the settle time, counting from now', () => {
    const run = vi.fn();
    whenOnlineSettled(run);
    expectRunAtSettle(run);
  });

  it('a flap cancels the wait; each return starts it again', () => {
    const run = vi.fn();
    whenOnlineSettled(run);
    vi.advanceTimersByTime(500);
    go(false);
    vi.advanceTimersByTime(5_000);
    go(true);
    vi.advanceTimersByTime(500);
    go(false);
    go(true);
    expectRunAtSettle(run);
  });

  it('afterReturn waits for the next return; stopping ends the wait', () => {
    const run = vi.fn();
    const stop = whenOnlineSettled(run, { afterReturn: true });
    vi.advanceTimersByTime(5_000);
    expect(run).not.toHaveBeenCalled();
    go(true);
    vi.advanceTimersByTime(onlineSettleMs);
    expect(run).toHaveBeenCalledTimes(1);
    stop();
    go(true);
    vi.advanceTimersByTime(onlineSettleMs);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
