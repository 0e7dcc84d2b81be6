import type { StorageKey } from './keys';
import { reportStorageFallback } from '../../core/storageFallback';

/**
 * Local storage behind one small module: a blocked or full storage (private mode, quota) must never
 * break the shell, so every access falls back to an in-memory map.
 */
const memory = new Map<string, string>();

function area(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Keys whose last write storage refused (quota): only for those is the in-memory copy newer than
 * storage. Otherwise storage wins, so a key another tab removed reads as removed here too.
 */
const unsaved = new Set<string>();

export function readLocal(key: StorageKey): string | null {
  try {
    const storage = area();
    if (storage && !unsaved.has(key)) return storage.getItem(key);
  } catch {
    // fall through to memory
  }
  return memory.get(key) ?? null;
}

/** `quiet`: the value is a hint whose loss the member would never notice, so the member is not told when storage refuses it. */
export function writeLocal(key: StorageKey, value: string, { quiet = false }: { quiet?: boolean } = {}): void {
  memory.set(key, value);
  const refused = () => {
    if (!quiet) reportStorageFallback();
  };
  try {
    const storage = area();
    if (!storage) return refused();
    storage.setItem(key, value);
    unsaved.delete(key);
  } catch {
    // quota or blocked storage: the in-memory copy keeps this tab working
    unsaved.add(key);
    refused();
  }
}

export function removeLocal(key: StorageKey): void {
  memory.delete(key);
  unsaved.delete(key);
  try {
    area()?.removeItem(key);
  } catch {
    // nothing to do
  }
}

/** Every key this tab can read, in storage or only in memory. */
export function localKeys(): string[] {
  const keys = new Set(memory.keys());
  try {
    const storage = area();
    for (let i = 0; storage && i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null) keys.add(key);
    }
  } catch {
    // blocked storage: the in-memory keys are all there is
  }
  return [...keys];
}

/** Per-tab values (sessionStorage), with the same in-memory fall-back. */
const tabMemory = new Map<string, string>();

function tabArea(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readTab(key: StorageKey): string | null {
  try {
    const value = tabArea()?.getItem(key);
    if (value !== undefined && value !== null) return value;
  } catch {
    // fall through to memory
  }
  return tabMemory.get(key) ?? null;
}

export function writeTab(key: StorageKey, value: string): void {
  tabMemory.set(key, value);
  try {
    tabArea()?.setItem(key, value);
  } catch {
    // the in-memory copy keeps this tab working
  }
}

/** Empties this tab's storage but `keep` (sign-out: the tab's return URL survives it). */
export function clearTab(keep: readonly StorageKey[]): void {
  const kept = keep.map((key) => [key, readTab(key)] as const);
  tabMemory.clear();
  try {
    tabArea()?.clear();
  } catch {
    // blocked storage: nothing stored there either
  }
  for (const [key, value] of kept) if (value !== null) writeTab(key, value);
}

export function removeTab(key: StorageKey): void {
  tabMemory.delete(key);
  try {
    tabArea()?.removeItem(key);
  } catch {
    // nothing to do
  }
}
