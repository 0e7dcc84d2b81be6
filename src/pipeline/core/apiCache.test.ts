import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCacheMaxAgeMs, apiCacheName, isReusable, keysToEvict, storeAnswer } from './apiCache';

describe('API answer cache partitions', () => {
  const a = { userGuid: 'User-A', tenantGuid: 'T1', orgGroupGuid: 'G1', role: 'Site Admin', language: 'en-us' };

  it('name a bucket per member, tenant, organisation group, role and language, so no answer is found under another', () => {
    const names = new Set([
      apiCacheName(a),
      apiCacheName({ ...a, userGuid: 'user-b' }),
      apiCacheName({ ...a, tenantGuid: 't2' }),
      apiCacheName({ ...a, orgGroupGuid: 'g2' }),
      apiCacheName({ ...a, role: 'Auditor' }),
      apiCacheName({ ...a, language: 'de-de' }),
    ]);
    expect(names.size).toBe(6);
    expect(apiCacheName(a)).toBe('trust-shell-api:user-a:t1:g1:Site%20Admin:en-us');
  });

  it('cannot be confused by separators inside a value', () => {
    const base = { orgGroupGuid: 'g', role: 'r', language: 'en' };
    expect(apiCacheName({ ...base, userGuid: 'a:b', tenantGuid: 'c' })).not.toBe(apiCacheName({ ...base, userGuid: 'a', tenantGuid: 'b:c' }));
    expect(apiCacheName({ ...base, userGuid: 'a', tenantGuid: 'b', role: 'x:en' })).not.toBe(apiCacheName({ ...base, userGuid: 'a', tenantGuid: 'b', role: 'x' }));
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

/** Cache Storage as far as storeAnswer uses it (buckets of url → Response). */
function fakeCaches() {
  const buckets = new Map<string, Map<string, Response>>();
  const bucket = (name: string) => {
    const entries = buckets.get(name) ?? new Map<string, Response>();
    buckets.set(name, entries);
    return {
      put: (url: string, response: Response) => Promise.resolve(void entries.set(url, response)),
      match: (r: string | { url: string }) => Promise.resolve(entries.get(typeof r === 'string' ? r : r.url)),
      keys: () => Promise.resolve([...entries.keys()].map((url) => ({ url }))),
      delete: (url: string) => Promise.resolve(entries.delete(url)),
    };
  };
  vi.stubGlobal('caches', {
    open: (name: string) => Promise.resolve(bucket(name)),
    keys: () => Promise.resolve([...buckets.keys()]),
    delete: (name: string) => Promise.resolve(buckets.delete(name)),
  });
  return buckets;
}

describe('storeAnswer keeps an answer only for the scope still current when it is written', () => {
  const partition = { userGuid: 'user-a', tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Site Admin', language: 'en-us' };
  const answer = () => new Response('{"a":1}', { status: 200 });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps it while the member, tenant, organisation group, role and language are unchanged', async () => {
    const buckets = fakeCaches();
    await storeAnswer('http://x.test/api/atlas/v1/theme', partition, answer(), Date.now(), () => Promise.resolve({ ...partition }));
    expect([...buckets.keys()]).toEqual([apiCacheName(partition)]);
  });

  it.each([
    ['signed out', null],
    ['another member', { ...partition, userGuid: 'user-b' }],
    ['a tenant switch', { ...partition, tenantGuid: 't2' }],
    ['an organisation-group switch', { ...partition, orgGroupGuid: 'g2' }],
    ['a role switch', { ...partition, role: 'Auditor' }],
    ['another language', { ...partition, language: 'de-de' }],
  ])('drops it after %s', async (_, now) => {
    const buckets = fakeCaches();
    await storeAnswer('http://x.test/api/atlas/v1/theme', partition, answer(), Date.now(), () => Promise.resolve(now));
    expect([...buckets.keys()]).toEqual([]);
  });

  it('takes the bucket away when the scope changed while the answer was being written', async () => {
    const buckets = fakeCaches();
    const scopes = [{ ...partition }, null];
    await storeAnswer('http://x.test/api/atlas/v1/theme', partition, answer(), Date.now(), () => Promise.resolve(scopes.shift() ?? null));
    expect([...buckets.keys()]).toEqual([]);
  });
});
