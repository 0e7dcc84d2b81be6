/**
 * Runtime caching of the contract's cacheable calls, for both pipeline hosts (the service
 * worker and the page). The bearer and Accept-Language the pipeline adds are not in the URL, so
 * every answer is kept in a Cache Storage bucket named after the member, the tenant, the
 * organisation group, the role and the language: one scope's answers can never be found under
 * another's name. Buckets are bounded (entries and age), dropped whole on a quota error, and all
 * deleted at sign-out and at a switch (`clearApiCaches`, as the inventory says).
 */
import { currentScope, sameScope, type SessionScope } from '../../session/core/sessionScope';
import { cacheNames } from '../../core/protocol';

export const apiCachePrefix = cacheNames.apiPrefix;
/** The contract's reuse window for cacheable calls (max-age=3600). */
export const apiCacheMaxAgeMs = 3_600_000;
export const apiCacheMaxEntries = 200;
/** Slower than this, a cached answer is served and the network answer only refreshes the cache. */
export const apiNetworkTimeoutMs = 3_000;
const storedAtHeader = 'x-trust-shell-stored-at';
/** Set on answers served from the cache, so screens (and tests) can tell. */
export const fromCacheHeader = 'x-trust-shell-from-cache';

/** A bucket's scope: the session's (member, tenant, organisation group, role, language). */
export type CachePartition = SessionScope;

const segment = (value: string) => encodeURIComponent(value.toLowerCase());

/** `trust-shell-api:{member}:{tenant}:{organisation group}:{role}:{language}`; ids and language lower-cased, the role as spelt. */
export function apiCacheName(p: CachePartition): string {
  return `${apiCachePrefix}:${segment(p.userGuid)}:${segment(p.tenantGuid)}:${segment(p.orgGroupGuid)}:${encodeURIComponent(p.role)}:${segment(p.language)}`;
}

/** Whether an answer stored at `storedAt` may still be reused at `now`. */
export function isReusable(storedAt: number, now: number): boolean {
  return Number.isFinite(storedAt) && storedAt <= now && now - storedAt < apiCacheMaxAgeMs;
}

/** Which keys to drop so at most `max` remain: the oldest first (`stored` maps key → stored at). */
export function keysToEvict(stored: ReadonlyArray<{ key: string; storedAt: number }>, max: number = apiCacheMaxEntries): string[] {
  if (stored.length <= max) return [];
  return [...stored]
    .sort((a, b) => a.storedAt - b.storedAt)
    .slice(0, stored.length - max)
    .map((s) => s.key);
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

/** `url` is the un-prefixed call as the page asked for it; the partition is the bucket. */
export async function readCachedAnswer(url: string, partition: CachePartition, now: number = Date.now()): Promise<Response | null> {
  const storage = cacheStorage();
  if (!storage) return null;
  try {
    // Opening a bucket creates it: a look-up after a sign-out must not leave an empty one behind.
    const name = apiCacheName(partition);
    if (!(await storage.has(name))) return null;
    const cache = await storage.open(name);
    const hit = await cache.match(url);
    if (!hit) return null;
    if (!isReusable(Number(hit.headers.get(storedAtHeader)), now)) {
      await cache.delete(url);
      return null;
    }
    const headers = new Headers(hit.headers);
    headers.delete(storedAtHeader);
    headers.set(fromCacheHeader, '1');
    return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers });
  } catch {
    return null; // a broken cache is a miss, never an error for the screen
  }
}

/**
 * Keeps a 200 answer in its partition's bucket, only while that partition is still the signed-in
 * scope and language: the bucket was picked before the request, and an answer that comes after a
 * sign-out or a switch must not recreate the old scope's bucket or land in another's. Checked before the write and again after it (Cache Storage and IndexedDB share no
 * transaction): a scope that changed in between takes the bucket with it.
 */
export async function storeAnswer(
  url: string,
  partition: CachePartition,
  response: Response,
  now: number = Date.now(),
  scopeNow: () => Promise<SessionScope | null> = currentScope,
): Promise<void> {
  const storage = cacheStorage();
  if (!storage || response.status !== 200) return;
  const name = apiCacheName(partition);
  try {
    const headers = new Headers(response.headers);
    headers.set(storedAtHeader, String(now));
    const body = await response.arrayBuffer();
    if (!sameScope(await scopeNow(), partition)) return;
    const cache = await storage.open(name);
    await cache.put(url, new Response(body, { status: 200, statusText: response.statusText, headers }));
    if (!sameScope(await scopeNow(), partition)) {
      await storage.delete(name);
      return;
    }
    const requests = await cache.keys();
    if (requests.length > apiCacheMaxEntries) {
      const stored = await Promise.all(
        requests.map(async (r) => ({ key: r.url, storedAt: Number((await cache.match(r))?.headers.get(storedAtHeader) ?? 0) })),
      );
      await Promise.all(keysToEvict(stored).map((key) => cache.delete(key)));
    }
  } catch (error) {
    // Out of space: this bucket goes whole rather than half-written; the call itself succeeded.
    if (isQuotaError(error)) await storage.delete(name).catch(() => false);
  }
}

/** Every member's cached answers, gone: at sign-out and at a switch. */
export async function clearApiCaches(): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  try {
    const names = await storage.keys();
    await Promise.all(names.filter((n) => n.startsWith(apiCachePrefix)).map((n) => storage.delete(n)));
  } catch {
    // no Cache Storage (insecure context): nothing cached
  }
}
