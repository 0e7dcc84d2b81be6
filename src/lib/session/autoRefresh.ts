import { refreshSession } from '../../core/session/refresh';
import { readKv, sessionKeys } from '../../core/session/sessionDb';
import { storageKeys } from '../storage/keys';
import { readLocal, readTab, writeLocal, writeTab } from '../storage/localStore';
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

/** This tab's id, kept per tab (a reload keeps it). */
function tabId(): string {
  const existing = readTab(storageKeys.tabId);
  if (existing) return existing;
  const id = crypto.randomUUID();
  writeTab(storageKeys.tabId, id);
  return id;
}

export function isTimedOut(): boolean {
  return readLocal(storageKeys.timedOut) === 'true';
}

export function startAutoRefresh(options: AutoRefreshOptions): () => void {
  const interval = options.intervalMs ?? autoRefreshBaseMs * appStore.get(runtimeConfigAtom).authClient.autoRefreshFactor;
  const firstRun = options.firstRunMs ?? autoRefreshFirstRunMs;
  const id = tabId();
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let leading = false;

  const run = async () => {
    if (isTimedOut()) return stopTimer();
    if (options.hasPermission()) {
      // A refresh another context just made (a 401 retry, a switch, the previous leader) already
      // did this run's work; the next run then keeps the cadence from that refresh.
      const outcome = await refreshSession({ unlessRefreshedWithinMs: interval / 2 });
      console.info(`auto-refresh ${id}: ${outcome}`);
      if (outcome === 'reused') {
        const at = await readKv(sessionKeys.refreshedAt, (v): v is number => typeof v === 'number');
        return schedule(Math.max(firstRun, (at ?? Date.now()) + interval - Date.now()));
      }
    }
    schedule(interval);
  };
  const schedule = (delay: number) => {
    stopTimer();
    timer = setTimeout(() => void run(), delay);
  };
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const onFocus = () => {
    if (leading && !isTimedOut()) schedule(firstRun);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.timedOut && isTimedOut()) stopTimer();
  };

  const lead = () => {
    leading = true;
    writeLocal(storageKeys.autoRefreshId, id);
    if (!isTimedOut()) schedule(firstRun);
  };

  const locks = navigator.locks as LockManager | undefined;
  if (locks) {
    locks
      .request(lockName, { signal: abort.signal }, () => {
        lead();
        // Hold the lock for as long as this tab lives (or until stopped).
        return new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve()));
      })
      .catch(() => undefined); // aborted while waiting
  } else if (!readLocal(storageKeys.autoRefreshId)) {
    lead();
  }
  window.addEventListener('focus', onFocus);
  window.addEventListener('storage', onStorage);
  return () => {
    stopTimer();
    leading = false;
    abort.abort();
    window.removeEventListener('focus', onFocus);
    window.removeEventListener('storage', onStorage);
  };
}
