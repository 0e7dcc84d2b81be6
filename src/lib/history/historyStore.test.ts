// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyStorageKey, readHistory, recordVisit } from './historyStore';
import { onStorageFallback } from '../../core/storageFallback';

const day = 24 * 60 * 60 * 1000;

describe('history store (local storage, per user-and-tenant key)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 1));
  });
  afterEach(() => vi.useRealTimers());

  it('keeps each member-and-tenant apart, under the product prefix', () => {
    recordVisit('u1:t1', '/mfe-host/home');
    recordVisit('u1:t2', '/mfe-host/risk');
    expect(historyStorageKey).toBe('trust-shell.history');
    expect(readHistory('u1:t1').map((e) => e.url)).toEqual(['/mfe-host/home']);
    expect(readHistory('u1:t2').map((e) => e.url)).toEqual(['/mfe-host/risk']);
  });

  it('forgets visits once they are more than 14 days old', () => {
    recordVisit('u:t', '/first');
    vi.advanceTimersByTime(10 * day);
    recordVisit('u:t', '/second');
    vi.advanceTimersByTime(5 * day);
    expect(readHistory('u:t').map((e) => e.url)).toEqual(['/second']);
    recordVisit('u:t', '/third');
    expect(JSON.parse(localStorage.getItem(historyStorageKey) ?? '{}')).toEqual({
      'u:t': [
        { url: '/second', timestamp: Date.UTC(2026, 0, 11) },
        { url: '/third', timestamp: Date.UTC(2026, 0, 16) },
      ],
    });
  });

  it('stores at most 100 entries, the newest', () => {
    for (let i = 0; i < 105; i += 1) {
      recordVisit('u:t', `/p${i}`);
      vi.advanceTimersByTime(1000);
    }
    const list = readHistory('u:t');
    expect(list).toHaveLength(100);
    expect(list[0]?.url).toBe('/p5');
  });

  it('starts afresh over garbage in storage', () => {
    localStorage.setItem(historyStorageKey, '{"u:t": "garbage"');
    expect(readHistory('u:t')).toEqual([]);
    recordVisit('u:t', '/after');
    expect(readHistory('u:t').map((e) => e.url)).toEqual(['/after']);
  });

  it('keeps working when storage refuses writes, and the member is told (saved only for this tab)', () => {
    const reported = vi.fn();
    const stop = onStorageFallback(reported);
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
      key: () => null,
      length: 0,
    });
    try {
      recordVisit('u:t', '/in-memory');
      expect(readHistory('u:t').map((e) => e.url)).toEqual(['/in-memory']);
      expect(reported).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      stop();
    }
  });
});
