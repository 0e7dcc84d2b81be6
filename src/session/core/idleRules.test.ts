import { describe, expect, it } from 'vitest';
import { appIdleSettings, formatCountdown, idlePhase, idleWindow, isClockJump, parseActivity } from './idleRules';

const t0 = 1_800_000_000_000;

describe('idle window', () => {
  it('uses the app settings (300 s idle, 60 s countdown, 240 s ping), not the library defaults', () => {
    const w = idleWindow({ lastActivityMs: t0, autoRefresh: false, refreshExpMs: t0 + 60_000 });
    expect(w).toMatchObject({ idleMs: 300_000, timeoutMs: 60_000, pingMs: 240_000, warnAt: t0 + 300_000, timeoutAt: t0 + 360_000 });
  });

  it('with auto refresh, opens the warning 70 s before the refresh token runs out, ping 60 s', () => {
    const w = idleWindow({ lastActivityMs: t0, autoRefresh: true, refreshExpMs: t0 + 200_000 });
    expect(w).toMatchObject({ idleMs: 130_000, timeoutMs: 60_000, pingMs: 60_000, warnAt: t0 + 130_000, timeoutAt: t0 + 190_000 });
  });

  it('with auto refresh and a long refresh token, still warns after the app’s 300 s', () => {
    const w = idleWindow({ lastActivityMs: t0, autoRefresh: true, refreshExpMs: t0 + 28_800_000 });
    expect(w).toMatchObject({ idleMs: 300_000, pingMs: 60_000, warnAt: t0 + 300_000 });
  });

  it('ignores a refresh token with 70 s or less left, or none known', () => {
    expect(idleWindow({ lastActivityMs: t0, autoRefresh: true, refreshExpMs: t0 + 70_000 })).toMatchObject(appIdleSettings);
    expect(idleWindow({ lastActivityMs: t0, autoRefresh: true, refreshExpMs: null })).toMatchObject(appIdleSettings);
  });
});

describe('idle phase', () => {
  const w = idleWindow({ lastActivityMs: t0, autoRefresh: false, refreshExpMs: null });

  it('is active until the idle time has passed, and says when that ends', () => {
    expect(idlePhase(w, t0 + 299_999)).toEqual({ phase: 'active', next: t0 + 300_000 });
  });

  it('is a warning with the remaining countdown, computed from timestamps', () => {
    expect(idlePhase(w, t0 + 300_000)).toEqual({ phase: 'warning', remainingMs: 60_000, next: t0 + 360_000 });
    expect(idlePhase(w, t0 + 345_500)).toMatchObject({ phase: 'warning', remainingMs: 14_500 });
  });

  it('is timed out once the countdown passes zero, however far past (a machine that slept)', () => {
    expect(idlePhase(w, t0 + 360_000)).toEqual({ phase: 'timed-out' });
    expect(idlePhase(w, t0 + 86_400_000)).toEqual({ phase: 'timed-out' });
  });
});

describe('countdown text', () => {
  it.each([
    [60_000, '1:00'],
    [59_001, '1:00'],
    [59_000, '0:59'],
    [9_000, '0:09'],
    [1, '0:01'],
    [0, '0:00'],
    [-5_000, '0:00'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('stored activity', () => {
  it('accepts a past timestamp', () => {
    expect(parseActivity(String(t0 - 5), t0)).toBe(t0 - 5);
  });

  it.each([null, '', 'soon', 'NaN', '-1', '0', String(t0 + 60_000), 'Infinity'])('ignores %j', (raw) => {
    expect(parseActivity(raw, t0)).toBeNull();
  });
});

describe('wall-clock jumps', () => {
  it.each([
    [0, 1_000, false],
    [0, 2_000, false],
    [0, 2_001, true],
    [0, 400_000, true],
    [5_000, 4_000, true],
  ])('%i → %i: jump %s', (previous, now, jump) => {
    expect(isClockJump(previous, now, 1_000)).toBe(jump);
  });
});
