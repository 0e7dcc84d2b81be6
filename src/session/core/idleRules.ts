/**
 * SPEC §4/§9 idle timeout, as pure rules over timestamps (never counted ticks), so a background
 * tab, a sleeping machine or a fake clock all get the same answer from "last activity" and "now".
 */
export interface IdleSettings {
  /** Inactivity before the warning opens. */
  idleMs: number;
  /** The warning's countdown; when it passes zero the session times out. */
  timeoutMs: number;
  /** How often a tab re-checks the shared state even when nothing told it to. */
  pingMs: number;
}

/** The idle library's own defaults (SPEC §9), documented for reference and not used. */
export const libraryIdleDefaults: IdleSettings & { sensitivityMs: number } = {
  idleMs: 600_000,
  sensitivityMs: 1_000,
  timeoutMs: 300_000,
  pingMs: 120_000,
};

/** What the app configures (SPEC §9): idle 300 s, timeout 60 s, ping 240 s. */
export const appIdleSettings: IdleSettings = { idleMs: 300_000, timeoutMs: 60_000, pingMs: 240_000 };

/** Activity is recorded at most once a second (the library's sensitivity). */
export const activitySensitivityMs = 1_000;

/** SPEC §9 auto refresh: idle is the refresh token's remaining lifetime minus 70 s (if over 70). */
export const refreshMarginMs = 70_000;
export const autoRefreshTimeoutMs = 60_000;
export const autoRefreshPingMs = 60_000;

export interface IdleInputs {
  lastActivityMs: number;
  /** The member holds AutoRefreshToken: the refresh token's lifetime bounds the idle window. */
  autoRefresh: boolean;
  /** exp of the stored refresh token, in ms, when known. */
  refreshExpMs: number | null;
}

export interface IdleWindow extends IdleSettings {
  /** When the warning opens. */
  warnAt: number;
  /** When the countdown passes zero. */
  timeoutAt: number;
}

/**
 * The window that follows the last activity. With auto refresh the warning also opens 70 s before
 * the refresh token would run out (the countdown then ends while Continue can still refresh), but
 * never later than the app's 300 s: auto refresh keeps the token alive, it does not excuse idling.
 * A refresh token with 70 s or less left when the member was last active leaves the app's window.
 */
export function idleWindow({ lastActivityMs, autoRefresh, refreshExpMs }: IdleInputs): IdleWindow {
  let settings = appIdleSettings;
  let warnAt = lastActivityMs + appIdleSettings.idleMs;
  if (autoRefresh && refreshExpMs !== null && refreshExpMs - lastActivityMs > refreshMarginMs) {
    const refreshIdleMs = refreshExpMs - refreshMarginMs - lastActivityMs;
    settings = { idleMs: refreshIdleMs, timeoutMs: autoRefreshTimeoutMs, pingMs: autoRefreshPingMs };
    warnAt = Math.min(warnAt, lastActivityMs + refreshIdleMs);
  }
  return { ...settings, idleMs: warnAt - lastActivityMs, warnAt, timeoutAt: warnAt + settings.timeoutMs };
}

export type IdlePhase =
  | { phase: 'active'; next: number }
  | { phase: 'warning'; remainingMs: number; next: number }
  | { phase: 'timed-out' };

/** Where the session stands at `nowMs`, and when that next changes. */
export function idlePhase(window: IdleWindow, nowMs: number): IdlePhase {
  if (nowMs >= window.timeoutAt) return { phase: 'timed-out' };
  if (nowMs >= window.warnAt) return { phase: 'warning', remainingMs: window.timeoutAt - nowMs, next: window.timeoutAt };
  return { phase: 'active', next: window.warnAt };
}

/** The countdown as m:ss, never below 0:00; whole seconds rounded up so 0:00 means "now". */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * How often a tab compares the wall clock with its own: a timer cannot see the machine sleeping
 * (no timer fires meanwhile), but Date.now() jumps ahead when it wakes.
 */
export const clockCheckMs = 1_000;

/**
 * The wall clock moved unlike the check's interval: it jumped ahead by more than one more interval
 * (a sleep, a suspended or throttled tab) or went back. Either way the deadlines must be looked at again.
 */
export function isClockJump(previousMs: number, nowMs: number, intervalMs: number = clockCheckMs): boolean {
  const elapsed = nowMs - previousMs;
  return elapsed < 0 || elapsed > 2 * intervalMs;
}

/** A stored activity time is trusted only as a finite number not in the future (a corrupt entry is ignored). */
export function parseActivity(raw: string | null, nowMs: number): number | null {
  if (raw === null) return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > nowMs + activitySensitivityMs) return null;
  return value;
}
