import { readStoredAuth } from '../../core/session/sessionDb';
import { broadcast } from '../../core/session/sessionChannel';
import { announceSave } from './saveEvent';
import { clearLocalSession, logoff, markLoggingOff, markTimedOut, saveReturnUrl } from './logoff';
import { locks } from '../../core/protocol';

/**
 * SPEC §4 SaveAndLogoff across tabs. Every signed-in tab holds a shared Web Lock for its open work.
 * When the countdown runs out, each tab saves, then lets go of its hold; the sign-out (server
 * logout, clearing the stored session) waits for the lock exclusively, i.e. until every tab has
 * saved with the session still valid. A tab that never answers (frozen by the browser) is not
 * waited for longer than `workHoldBoundMs`.
 */
const workLock = locks.openWork;
export const workHoldBoundMs = 15_000;

function lockManager(): LockManager | undefined {
  return (navigator as { locks?: LockManager }).locks;
}

let releaseHold: (() => void) | null = null;

/** Taken by a tab while it shows signed-in work; released after saving, or when it stops. */
export function holdOpenWork(): () => void {
  const locks = lockManager();
  if (!locks || releaseHold) return releaseHold ?? (() => undefined);
  const done = new AbortController();
  let resolveHold: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (resolveHold = resolve));
  locks.request(workLock, { mode: 'shared', signal: done.signal }, () => held).catch(() => undefined);
  const release = () => {
    done.abort();
    resolveHold();
    if (releaseHold === release) releaseHold = null;
  };
  releaseHold = release;
  return release;
}

function afterEveryTabSaved<T>(task: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (!locks) return task();
  const waited = new AbortController();
  const timer = setTimeout(() => waited.abort(), workHoldBoundMs);
  return locks
    .request(workLock, { mode: 'exclusive', signal: waited.signal }, () => {
      clearTimeout(timer);
      return task();
    })
    .catch((error: unknown) => {
      if (!waited.signal.aborted) throw error;
      console.warn('A tab did not finish saving in time; signing out anyway');
      return task();
    });
}

let timingOut: Promise<string> | null = null;

/**
 * The countdown passed zero (here, or in another tab): stop auto refresh everywhere, let open
 * screens save, then sign out keeping this tab's return URL. Returns where the tab goes.
 */
export function timeOutSession(): Promise<string> {
  timingOut ??= (async () => {
    markTimedOut();
    markLoggingOff();
    // Wakes tabs whose own timers a background browser tab runs late.
    broadcast({ type: 'session-timeout' });
    try {
      await announceSave();
    } finally {
      releaseHold?.();
    }
    return afterEveryTabSaved(async () => {
      // The first tab through signs the session out for all; the others only follow.
      if (await readStoredAuth()) return logoff({ keepDrafts: true });
      await clearLocalSession({ keepDrafts: true });
      saveReturnUrl();
      return '/auth';
    });
  })().finally(() => {
    timingOut = null;
  });
  return timingOut;
}
