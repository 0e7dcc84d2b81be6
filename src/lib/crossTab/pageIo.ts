import type { SharedStorage, TabIo, TabSignals, TabStorage } from '../../core/crossTab/crossTabIo';
import { contextIo } from '../../core/crossTab/contextIo';
import type { StorageKey } from '../storage/keys';
import { readLocal, readTab, removeLocal, writeLocal, writeTab } from '../storage/localStore';

/**
 * The page's real cross-tab I/O, wired where the page starts the cross-tab core (SignedInLayout,
 * SessionTimeoutWarning, main.tsx): local and session storage (through localStore, with its
 * in-memory fall-back) and the member's input on this window.
 */

// The core passes only the storageKeys it is given; localStore types them.
const key = (name: string) => name as StorageKey;

const localArea: SharedStorage = {
  read: (name) => readLocal(key(name)),
  write: (name, value) => writeLocal(key(name), value),
  remove: (name) => removeLocal(key(name)),
  onChange(listener) {
    const onStorage = (event: StorageEvent) => listener(event.key);
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

const tabArea: TabStorage = { read: (name) => readTab(key(name)), write: (name, value) => writeTab(key(name), value) };

const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

const windowSignals: TabSignals = {
  onActivity(listener) {
    for (const type of activityEvents) window.addEventListener(type, listener, { capture: true, passive: true });
    // The window coming to the front (not the app moving focus between its own elements).
    window.addEventListener('focus', listener);
    return () => {
      for (const type of activityEvents) window.removeEventListener(type, listener, { capture: true });
      window.removeEventListener('focus', listener);
    };
  },
  onFocus(listener) {
    window.addEventListener('focus', listener);
    return () => window.removeEventListener('focus', listener);
  },
  onShown(listener) {
    const onVisible = () => {
      if (document.visibilityState === 'visible') listener();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', listener);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', listener);
    };
  },
};

export function pageIo(): TabIo {
  return { ...contextIo(), shared: localArea, tab: tabArea, signals: windowSignals };
}
