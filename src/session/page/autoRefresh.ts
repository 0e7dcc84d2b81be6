import { refreshSession, type RefreshOutcome } from '../core/refresh';
import { readKv, sessionKeys } from '../core/sessionDb';
import type { TabIo } from '../../core/crossTab/crossTabIo';
import { storageKeys } from '../../lib/storage/keys';
import { locks } from '../../core/protocol';
import { appStore } from '../../state/jotai';
import { runtimeConfigAtom } from '../../config/configAtom';
import { defaultRuntimeConfig } from '../../config/runtimeConfig';

/**
 * SPEC §4/§9 auto refresh: in exactly one tab, every 300000 ms × the factor (RuntimeConfig
 * authClient.autoRefreshFactor, default 0.8), first run after 3 s, only
 * with AutoRefreshToken, restarted when the window regains focus, stopped once timed out.
 * The tab holding a Web Lock is the one; when it closes the lock passes to a waiting tab at once.
 * Its id is written to the shared auto-refresh key so every tab (and a test) can see which it is.
 */
export const autoRefreshBaseMs = 300_000;
/** The interval with the default factor. */
export const autoRefreshIntervalMs = autoRefreshBaseMs * defaultRuntimeConfig.authClient.autoRefreshFactor;
export const autoRefreshFirstRunMs = 3_000;
const lockName = locks.autoRefresh;

export interface AutoRefreshOptions {
  hasPermission: () => boolean;
  intervalMs?: number;
  firstRunMs?: number;
}

/** The session's side of the auto refresh: the network (a refresh grant) and when the last one was made. */
export interface RefreshGrants {
  refresh(request: { unlessRefreshedWithinMs: number }): Promise<RefreshOutcome>;
  /** When any context last refreshed (ms), if known. */
  refreshedAt(): Promise<number | null>;
  newId(): string;
}

/** The real grants (session/core/refresh and the session store), wired by the page. */
export const sessionGrants: RefreshGrants = {
  refresh: (request) => refreshSession(request),
  refreshedAt: async () => (await readKv(sessionKeys.refreshedAt, (v): v is number => typeof v === 'number')) ?? null,
  newId: () => crypto.randomUUID(),
};

export type AutoRefreshIo = Pick<TabIo, 'locks' | 'shared' | 'tab' | 'clock' | 'signals'> & RefreshGrants;

/** This tab's id, kept per tab (a reload keeps it). */
function tabId(io: AutoRefreshIo): string {
  const existing = io.tab.read(storageKeys.tabId);
  if (existing) return existing;
  const id = io.newId();
  io.tab.write(storageKeys.tabId, id);
  return id;
}

export function startAutoRefresh(options: AutoRefreshOptions, io: AutoRefreshIo): () => void {
  const interval = options.intervalMs ?? autoRefreshBaseMs * appStore.get(runtimeConfigAtom).authClient.autoRefreshFactor;
  const firstRun = options.firstRunMs ?? autoRefreshFirstRunMs;
  const { clock, shared } = io;
  const isTimedOut = () => shared.read(storageKeys.timedOut) === 'true';
  const id = tabId(io);
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let leading = false;

  const run = async () => {
    if (isTimedOut()) return stopTimer();
    if (options.hasPermission()) {
      // A refresh another context just made (a 401 retry, a switch, the previous leader) already
      // did this run's work; the next run then keeps the cadence from that refresh.
      const outcome = await io.refresh({ unlessRefreshedWithinMs: interval / 2 });
      console.info(`auto-refresh ${id}: ${outcome}`);
      if (outcome === 'reused') {
        const at = await io.refreshedAt();
        return schedule(Math.max(firstRun, (at ?? clock.now()) + interval - clock.now()));
      }
    }
    schedule(interval);
  };
  const schedule = (delay: number) => {
    stopTimer();
    timer = clock.setTimeout(() => void run(), delay);
  };
  const stopTimer = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  };
  const stopFocus = io.signals.onFocus(() => {
    if (leading && !isTimedOut()) schedule(firstRun);
  });
  const stopChanges = shared.onChange((key) => {
    if (key === storageKeys.timedOut && isTimedOut()) stopTimer();
  });

  const lead = () => {
    leading = true;
    shared.write(storageKeys.autoRefreshId, id);
    if (!isTimedOut()) schedule(firstRun);
  };

  if (io.locks) {
    io.locks
      .request(lockName, { signal: abort.signal }, () => {
        lead();
        // Hold the lock for as long as this tab lives (or until stopped).
        return new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve()));
      })
      .catch(() => undefined); // aborted while waiting
  } else if (!shared.read(storageKeys.autoRefreshId)) {
    lead();
  }
  return () => {
    stopTimer();
    leading = false;
    abort.abort();
    stopFocus();
    stopChanges();
  };
}
