import { refreshExpiry } from '../core/claims';
import { readStoredAuth, sessionKeys } from '../core/sessionDb';
import { sessionChannelOver } from '../core/sessionChannel';
import type { TabIo } from '../../core/crossTab/crossTabIo';
import { activitySensitivityMs, clockCheckMs, idlePhase, idleWindow, isClockJump, parseActivity, type IdlePhase } from '../core/idleRules';
import { storageKeys } from '../../lib/storage/keys';

/**
 * SPEC §4 idle timeout, shared by every tab of the session: activity in any tab is written to one
 * local-storage entry (at most once a second), and every tab derives the same warning and deadline
 * from it and the clock. A tab re-checks whenever another tab writes, when it becomes visible again,
 * at its next deadline, at least every ping, and when its wall clock jumped (the machine slept: no
 * timer fired, but the deadline passed), so sleeping or throttled tabs catch up at once.
 */
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

/** What the idle clock reads of the session: the stored refresh token's end (ms), when known. */
export interface StoredRefreshExpiry {
  refreshExpMs(): Promise<number | null>;
}

/** The real one (the session store), wired by the page. */
export const storedRefreshExpiry: StoredRefreshExpiry = {
  refreshExpMs: async () => {
    const auth = await readStoredAuth();
    // An opaque refresh token with no known lifetime sets no limit (Infinity): the app's idle time holds.
    const exp = auth ? refreshExpiry(auth) : Number.POSITIVE_INFINITY;
    return Number.isFinite(exp) ? exp * 1000 : null;
  },
};

export type IdleIo = Pick<TabIo, 'shared' | 'channels' | 'clock' | 'signals'> & StoredRefreshExpiry;

export function startIdleWatcher(options: IdleWatcherOptions, io: IdleIo): IdleWatcher {
  const { clock, shared } = io;
  const recordActivity = (at: number) => shared.write(storageKeys.lastActivity, String(at));
  let refreshExpMs: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWritten = 0;
  let stopped = false;
  let timedOut = false;
  let warningAt: number | null = null;

  const lastActivity = (now: number): number => {
    const stored = parseActivity(shared.read(storageKeys.lastActivity), now);
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
    clock.clearTimeout(timer);
    const now = clock.now();
    const { phase, pingMs } = phaseNow(now);
    if (!options.enabled()) {
      publish(null);
      timer = clock.setTimeout(evaluate, pingMs);
      return;
    }
    if (phase.phase === 'timed-out') {
      publish(null);
      timedOut = true;
      options.onTimedOut();
      return;
    }
    publish(phase.phase === 'warning' ? phase.next : null);
    timer = clock.setTimeout(evaluate, Math.min(Math.max(0, phase.next - now), pingMs, maxTimerMs));
  };

  const onActivity = () => {
    const now = clock.now();
    if (now - lastWritten < activitySensitivityMs) return;
    // An open warning needs an answer (Continue or Logout); moving the mouse does not dismiss it.
    if (options.enabled() && phaseNow(now).phase.phase !== 'active') return evaluate();
    lastWritten = now;
    recordActivity(now);
    evaluate();
  };

  const readRefreshExp = async () => {
    refreshExpMs = await io.refreshExpMs();
    evaluate();
  };

  const stopChanges = shared.onChange((key) => {
    if (key === storageKeys.lastActivity || key === null) evaluate();
  });
  // Visible again, or back from the back/forward cache.
  const stopShown = io.signals.onShown(evaluate);

  const stopMessages = sessionChannelOver(io.channels).onMessage((message) => {
    if (message.type === 'session-timeout' && !timedOut && !stopped) {
      timedOut = true;
      clock.clearTimeout(timer);
      publish(null);
      options.onTimedOut();
    } else if (message.type === 'store-changed' && message.key === sessionKeys.auth) {
      // A sign-in or refresh stored a new refresh token; other session writes leave it as it was.
      void readRefreshExp();
    }
  });
  const stopActivity = io.signals.onActivity(onActivity);

  // A woken machine: the first check after the jump finds the deadline passed and times out
  // directly, before any stale warning could show.
  let lastTick = clock.now();
  const clockCheck = clock.setInterval(() => {
    const now = clock.now();
    const jumped = isClockJump(lastTick, now);
    lastTick = now;
    if (jumped) evaluate();
  }, clockCheckMs);

  // Opening or reloading a signed-in page is the member's own doing: it counts as activity.
  lastWritten = clock.now();
  recordActivity(lastWritten);
  evaluate();
  void readRefreshExp();

  return {
    restart() {
      if (stopped) return;
      timedOut = false;
      lastWritten = clock.now();
      recordActivity(lastWritten);
      evaluate();
    },
    reevaluate: evaluate,
    stop() {
      stopped = true;
      clock.clearTimeout(timer);
      clock.clearInterval(clockCheck);
      stopMessages();
      stopActivity();
      stopChanges();
      stopShown();
    },
  };
}
