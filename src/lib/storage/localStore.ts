import type { StorageKey } from './keys';

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

export function readLocal(key: StorageKey): string | null {
  try {
    const value = area()?.getItem(key);
    if (value !== undefined && value !== null) return value;
  } catch {
    // fall through to memory
  }
  return memory.get(key) ?? null;
}

export function writeLocal(key: StorageKey, value: string): void {
  memory.set(key, value);
  try {
    area()?.setItem(key, value);
  } catch {
    // quota or blocked storage: the in-memory copy keeps this tab working
  }
}

export function removeLocal(key: StorageKey): void {
  memory.delete(key);
  try {
    area()?.removeItem(key);
  } catch {
    // nothing to do
  }
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

export function removeTab(key: StorageKey): void {
  tabMemory.delete(key);
  try {
    tabArea()?.removeItem(key);
  } catch {
    // nothing to do
  }
}
