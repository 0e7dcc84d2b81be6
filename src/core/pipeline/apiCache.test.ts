import { describe, expect, it } from 'vitest';
import { apiCacheMaxAgeMs, apiCacheName, isReusable, keysToEvict } from './apiCache';

describe('API answer cache partitions', () => {
  const a = { userGuid: 'User-A', tenantGuid: 'T1', language: 'en-us' };

  it('name a bucket per member, tenant and language, so no answer is found under another', () => {
    const names = new Set([
      apiCacheName(a),
      apiCacheName({ ...a, userGuid: 'user-b' }),
      apiCacheName({ ...a, tenantGuid: 't2' }),
      apiCacheName({ ...a, language: 'de-de' }),
    ]);
    expect(names.size).toBe(4);
    expect(apiCacheName(a)).toBe('trust-shell-api:user-a:t1:en-us');
  });

  it('cannot be confused by separators inside a value', () => {
    expect(apiCacheName({ userGuid: 'a:b', tenantGuid: 'c', language: 'en' })).not.toBe(apiCacheName({ userGuid: 'a', tenantGuid: 'b:c', language: 'en' }));
  });
});

describe('API answer cache bounds', () => {
  const now = 1_800_000_000_000;

  it('reuses an answer for the contract’s 3600 s, never one from the future or unreadable', () => {
    expect(isReusable(now - apiCacheMaxAgeMs + 1, now)).toBe(true);
    expect(isReusable(now - apiCacheMaxAgeMs, now)).toBe(false);
    expect(isReusable(now + 1, now)).toBe(false);
    expect(isReusable(Number.NaN, now)).toBe(false);
  });

  it('evicts the oldest entries beyond the maximum', () => {
    const stored = [
      { key: 'c', storedAt: 3 },
      { key: 'a', storedAt: 1 },
      { key: 'b', storedAt: 2 },
    ];
    expect(keysToEvict(stored, 3)).toEqual([]);
    expect(keysToEvict(stored, 1)).toEqual(['a', 'b']);
  });
});
