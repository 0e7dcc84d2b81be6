import { readStoredAuth } from '../core/sessionDb';
import { sessionChannelOver } from '../core/sessionChannel';
import type { TabIo } from '../../core/crossTab/crossTabIo';
import { announceSave } from './saveEvent';
import { clearLocalSession, logoff, markLoggingOff, saveReturnUrl } from './logoff';
import { storageKeys } from '../../lib/storage/keys';
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

/** What a timed-out tab does to the session (the real one: `pageSignOut`). */
export interface TimedOutSignOut {
  /** This tab is on its way out: a logoff from another tab must not cut its saving short. */
  markLeaving(): void;
  /** Tells this tab's open screens to save; resolves when they have (or their bound passed). */
  saveOpenWork(): Promise<void>;
  /** A session is still stored (no other tab has signed it out yet). */
  sessionStored(): Promise<boolean>;
  /** Signs the session out for every tab (server logout, drafts kept); returns where this tab goes. */
  signOut(): Promise<string>;
  /** Another tab signed out first: clears what this tab holds, keeps its return URL; returns where it goes. */
  followSignOut(): Promise<string>;
}

export const pageSignOut: TimedOutSignOut = {
  markLeaving: markLoggingOff,
  saveOpenWork: () => announceSave(),
  sessionStored: async () => (await readStoredAuth()) !== null,
  signOut: () => logoff({ keepDrafts: true }),
  followSignOut: async () => {
    await clearLocalSession({ keepDrafts: true });
    saveReturnUrl();
    return '/auth';
  },
};

export type SessionTimeoutIo = Pick<TabIo, 'locks' | 'channels' | 'clock' | 'shared'> & TimedOutSignOut;

export interface SessionTimeout {
  /** Taken by a tab while it shows signed-in work; released after saving, or when it stops. */
  holdOpenWork(): () => void;
  /**
   * The countdown passed zero (here, or in another tab): stop auto refresh everywhere, let open
   * screens save, then sign out keeping this tab's return URL. Returns where the tab goes.
   */
  timeOutSession(): Promise<string>;
}

/** One per page (it keeps the page's hold): SessionTimeoutWarning makes the page's. */
export function createSessionTimeout(io: SessionTimeoutIo): SessionTimeout {
  let releaseHold: (() => void) | null = null;
  let timingOut: Promise<string> | null = null;

  function afterEveryTabSaved<T>(task: () => Promise<T>): Promise<T> {
    if (!io.locks) return task();
    const waited = new AbortController();
    const timer = io.clock.setTimeout(() => waited.abort(), workHoldBoundMs);
    return io.locks
      .request(workLock, { mode: 'exclusive', signal: waited.signal }, () => {
        io.clock.clearTimeout(timer);
        return task();
      })
      .catch((error: unknown) => {
        if (!waited.signal.aborted) throw error;
        console.warn('A tab did not finish saving in time; signing out anyway');
        return task();
      });
  }

  return {
    holdOpenWork() {
      if (!io.locks || releaseHold) return releaseHold ?? (() => undefined);
      const done = new AbortController();
      let resolveHold: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (resolveHold = resolve));
      io.locks.request(workLock, { mode: 'shared', signal: done.signal }, () => held).catch(() => undefined);
      const release = () => {
        done.abort();
        resolveHold();
        if (releaseHold === release) releaseHold = null;
      };
      releaseHold = release;
      return release;
    },

    timeOutSession() {
      timingOut ??= (async () => {
        // Stops the auto refresh in every tab (each reads the flag, and hears its write).
        io.shared.write(storageKeys.timedOut, 'true');
        io.markLeaving();
        // Wakes tabs whose own timers a background browser tab runs late.
        sessionChannelOver(io.channels).broadcast({ type: 'session-timeout' });
        try {
          await io.saveOpenWork();
        } finally {
          releaseHold?.();
        }
        return afterEveryTabSaved(async () => {
          // The first tab through signs the session out for all; the others only follow.
          if (await io.sessionStored()) return io.signOut();
          return io.followSignOut();
        });
      })().finally(() => {
        timingOut = null;
      });
      return timingOut;
    },
  };
}
