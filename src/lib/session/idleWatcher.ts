import { refreshExpiry } from '../../core/session/claims';
import { readStoredAuth, sessionKeys } from '../../core/session/sessionDb';
import { onSessionMessage } from '../../core/session/sessionChannel';
import { activitySensitivityMs, clockCheckMs, idlePhase, idleWindow, isClockJump, parseActivity, type IdlePhase } from '../../core/session/idleRules';
import { storageKeys } from '../storage/keys';
import { readLocal, writeLocal } from '../storage/localStore';

/**
 * SPEC §4 idle timeout, shared by every tab of the session: activity in any tab is written to one
 * local-storage entry (at most once a second), and every tab derives the same warning and deadline
 * from it and the clock. A tab re-checks whenever another tab writes, when it becomes visible again,
 * at its next deadline, at least every ping, and when its wall clock jumped (the machine slept: no
 * timer fired, but the deadline passed), so sleeping or throttled tabs catch up at once.
 */
const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** Browsers cap setTimeout delays at 2^31 − 1 ms (SPEC §9 "maximum timer delay"). */
const maxTimerMs = 2_147_483_647;

export interface IdleWatcherOptions {
  /** The member holds SessionTimeoutWarning: without it there is no warning and no idle sign-out. */
  enabled: () => boolean;
  /** The member holds AutoRefreshToken: the refresh token's lifetime bounds the idle window. */
  autoRefresh: () => boolean;
  /** The warning's deadline while it is open, else null. */
  onWarning: (timeoutAt: number | null) => void;
  /** The countdown passed zero: save and sign out. Called once. */
  onTimedOut: () => void;
}

export interface IdleWatcher {
  /** Continue: activity now, whatever the phase, so every tab's warning closes. */
  restart(): void;
  /** Permissions or settings changed: look again. */
  reevaluate(): void;
  stop(): void;
}

export function recordActivity(at: number = Date.now()): void {
  writeLocal(storageKeys.lastActivity, String(at));
}

export function startIdleWatcher(options: IdleWatcherOptions): IdleWatcher {
  let refreshExpMs: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWritten = 0;
  let stopped = false;
  let timedOut = false;
  let warningAt: number | null = null;

  const lastActivity = (now: number): number => {
    const stored = parseActivity(readLocal(storageKeys.lastActivity), now);
    if (stored !== null) return stored;
    // Missing or corrupt: start the window now rather than time out on bad data.
    recordActivity(now);
    return now;
  };

  const phaseNow = (now: number): { phase: IdlePhase; pingMs: number } => {
    const window = idleWindow({ lastActivityMs: lastActivity(now), autoRefresh: options.autoRefresh(), refreshExpMs });
    return { phase: idlePhase(window, now), pingMs: window.pingMs };
  };

  const publish = (timeoutAt: number | null) => {
    if (timeoutAt === warningAt) return;
    warningAt = timeoutAt;
    options.onWarning(timeoutAt);
  };

  const evaluate = () => {
    if (stopped || timedOut) return;
    clearTimeout(timer);
    const now = Date.now();
    const { phase, pingMs } = phaseNow(now);
    if (!options.enabled()) {
      publish(null);
      timer = setTimeout(evaluate, pingMs);
      return;
    }
    if (phase.phase === 'timed-out') {
      publish(null);
      timedOut = true;
      options.onTimedOut();
      return;
    }
    publish(phase.phase === 'warning' ? phase.next : null);
    timer = setTimeout(evaluate, Math.min(Math.max(0, phase.next - now), pingMs, maxTimerMs));
  };

  const onActivity = () => {
    const now = Date.now();
    if (now - lastWritten < activitySensitivityMs) return;
    // An open warning needs an answer (Continue or Logout); moving the mouse does not dismiss it.
    if (options.enabled() && phaseNow(now).phase.phase !== 'active') return evaluate();
    lastWritten = now;
    recordActivity(now);
    evaluate();
  };

  const readRefreshExp = async () => {
    const auth = await readStoredAuth();
    // An opaque refresh token with no known lifetime sets no limit (Infinity): the app's idle time holds.
    const exp = auth ? refreshExpiry(auth) : Number.POSITIVE_INFINITY;
    refreshExpMs = Number.isFinite(exp) ? exp * 1000 : null;
    evaluate();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.lastActivity || event.key === null) evaluate();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') evaluate();
  };

  const stopMessages = onSessionMessage((message) => {
    if (message.type === 'session-timeout' && !timedOut && !stopped) {
      timedOut = true;
      clearTimeout(timer);
      publish(null);
      options.onTimedOut();
    } else if (message.type === 'store-changed' && message.key === sessionKeys.auth) {
      // A sign-in or refresh stored a new refresh token; other session writes leave it as it was.
      void readRefreshExp();
    }
  });
  for (const type of activityEvents) window.addEventListener(type, onActivity, { capture: true, passive: true });
  // The window coming to the front (not the app moving focus between its own elements).
  window.addEventListener('focus', onActivity);
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('pageshow', evaluate);

  // A woken machine: the first check after the jump finds the deadline passed and times out
  // directly, before any stale warning could show.
  let lastTick = Date.now();
  const clockCheck = setInterval(() => {
    const now = Date.now();
    const jumped = isClockJump(lastTick, now);
    lastTick = now;
    if (jumped) evaluate();
  }, clockCheckMs);

  // Opening or reloading a signed-in page is the member's own doing: it counts as activity.
  lastWritten = Date.now();
  recordActivity(lastWritten);
  evaluate();
  void readRefreshExp();

  return {
    restart() {
      if (stopped) return;
      timedOut = false;
      lastWritten = Date.now();
      recordActivity(lastWritten);
      evaluate();
    },
    reevaluate: evaluate,
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(clockCheck);
      stopMessages();
      for (const type of activityEvents) window.removeEventListener(type, onActivity, { capture: true });
      window.removeEventListener('focus', onActivity);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', evaluate);
    },
  };
}
