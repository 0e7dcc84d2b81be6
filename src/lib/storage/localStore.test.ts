// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from './keys';
import { readLocal, removeLocal, writeLocal } from './localStore';

const key = storageKeys.theme;

/** A storage that refuses every write (quota), as a test's global. */
function stubFullStorage() {
  vi.stubGlobal('localStorage', {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError');
    },
    removeItem: () => undefined,
  });
}

describe('localStore', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    removeLocal(key);
  });

  it('reads what was written', () => {
    writeLocal(key, 'preview');
    expect(readLocal(key)).toBe('preview');
  });

  it('sees a removal made by another tab (storage wins over the in-memory copy)', () => {
    writeLocal(key, 'preview');
    localStorage.removeItem(key); // what another tab's removeItem looks like here
    expect(readLocal(key)).toBeNull();
  });

  it('keeps a value storage refused (quota) for this tab', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    writeLocal(key, 'preview-dark');
    expect(readLocal(key)).toBe('preview-dark');
  });

  it('tells its listeners once when storage first refuses a write (the shell says "saved only for this tab")', async () => {
    // A fresh module: the tests above already made this one fall back.
    vi.resetModules();
    const fresh = await import('./localStore');
    const { onStorageFallback } = await import('../../core/storageFallback');
    const told = vi.fn();
    onStorageFallback(told);
    fresh.writeLocal(key, 'default');
    expect(told).not.toHaveBeenCalled();
    stubFullStorage();
    try {
      fresh.writeLocal(key, 'preview');
      fresh.writeLocal(key, 'preview-dark');
      expect(told).toHaveBeenCalledTimes(1);
      expect(fresh.readLocal(key)).toBe('preview-dark');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says nothing when storage refuses a quiet write (a hint the member would never miss)', async () => {
    vi.resetModules();
    const fresh = await import('./localStore');
    const { onStorageFallback } = await import('../../core/storageFallback');
    const told = vi.fn();
    onStorageFallback(told);
    stubFullStorage();
    try {
      fresh.writeLocal(storageKeys.chromeWarmUp, '{}', { quiet: true });
      expect(told).not.toHaveBeenCalled();
      expect(fresh.readLocal(storageKeys.chromeWarmUp)).toBe('{}');
      fresh.writeLocal(key, 'preview');
      expect(told).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('works in memory when storage cannot be reached at all', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    writeLocal(key, 'default');
    expect(readLocal(key)).toBe('default');
  });
});
