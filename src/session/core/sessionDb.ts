import type { DBSchema } from 'idb';
import { forgetEarlyEntry, idbOpener, takeEarlyEntry } from '../../core/idbOpener';
import { broadcast } from './sessionChannel';
import { parseAccessClaims, parseRefreshClaims, type AccessClaims } from './claims';
import { reportStorageFallback } from '../../core/storageFallback';
import { databases, defaultTokenPath } from '../../core/protocol';
import { sessionKeys } from './sessionKeys';
import type { TokenKind } from './tokenKind';

export { sessionKeys };

/**
 * The session lives in IndexedDB (not localStorage) so that the service worker, which has no
 * localStorage, reads the same auth object and access token as every tab.
 */
export interface StoredAuth {
  tenantGuid: string;
  orgGroupGuid: string;
  refresh_token: string;
  /**
   * Only for a refresh token without readable claims (an OIDC provider's opaque one): when it
   * expires (seconds), or null when its answer named no lifetime. See `claims.refreshExpiry`.
   */
  refreshExpiresAt?: number | null;
  /** How the access token is presented (the token answer's token_type); absent: Bearer. */
  tokenType?: TokenKind;
}

export interface SessionRecord {
  auth: StoredAuth;
  accessToken: string;
  /** The language the pipeline sends as Accept-Language. */
  language: string;
}

interface ShellDb extends DBSchema {
  kv: { key: string; value: unknown };
}

const { name: dbName, version: dbVersion } = databases.session;
const db = idbOpener<ShellDb>(dbName, dbVersion, (database) => {
  database.createObjectStore(databases.session.stores.kv);
});

/**
 * Entries IndexedDB refused (unavailable, blocked, quota): kept for this context only, so a member
 * can still sign in and work in this tab. Such a key reads from here until IndexedDB takes it again.
 */
const memory = new Map<string, unknown>();

function keepInMemory(key: string, value: unknown): void {
  memory.set(key, value);
  reportStorageFallback();
}

export async function readKv<T>(key: string, guard: (value: unknown) => value is T): Promise<T | null> {
  if (memory.has(key)) {
    const value = memory.get(key);
    return guard(value) ? value : null;
  }
  // The page's first script may have read it with the database's open (`openEarly`, for the
  // pre-paint): the first reader here takes that answer instead of asking again.
  const early = takeEarlyEntry(dbName, key);
  const entry = early && (await early);
  if (entry) return guard(entry.value) ? entry.value : null;
  try {
    const value = await (await db()).get('kv', key);
    return guard(value) ? value : null;
  } catch {
    return null;
  }
}

/** Local listeners told synchronously after a write in this context (other contexts get a message). */
const writeListeners = new Set<(key: string) => void>();
export function onLocalWrite(listener: (key: string) => void): void {
  writeListeners.add(listener);
}

/** Only session entries matter to in-memory copies; caches written here (translations) do not. */
function written(key: string): void {
  if (!(Object.values(sessionKeys) as string[]).includes(key)) return;
  writeListeners.forEach((listener) => listener(key));
  broadcast({ type: 'store-changed', key });
}

export async function writeKv(key: string, value: unknown): Promise<void> {
  forgetEarlyEntry(dbName, key);
  try {
    await (await db()).put('kv', value, key);
    memory.delete(key);
  } catch {
    keepInMemory(key, value);
  }
  written(key);
}

export async function deleteKv(key: string): Promise<void> {
  forgetEarlyEntry(dbName, key);
  memory.delete(key);
  try {
    await (await db()).delete('kv', key);
  } catch {
    // Nothing can be stored there, so nothing is left to delete.
  }
  written(key);
}

/** Removes every entry whose key starts with one of `prefixes` (copies kept per member, at sign-out). */
export async function deleteKvPrefixed(prefixes: readonly string[]): Promise<void> {
  for (const key of [...memory.keys()]) if (prefixes.some((p) => key.startsWith(p))) memory.delete(key);
  try {
    const tx = (await db()).transaction('kv', 'readwrite');
    // Every key starting with the prefix sorts between it and the prefix followed by the highest code unit.
    await Promise.all([...prefixes.map((p) => tx.store.delete(IDBKeyRange.bound(p, `${p}\uffff`))), tx.done]);
  } catch {
    // Nothing can be stored there, so nothing is left to delete.
  }
}

/**
 * Writes `writes` (and removes `deletes`) only if `condition` holds for the entries `readKeys` at
 * write time, read and written in one IndexedDB read-write transaction, so a sign-out cannot slip
 * in between. With `keepInMemoryOnRefusal`, a write IndexedDB refuses (quota, blocked) is kept in
 * this context's memory, as `writeKv` does, if the condition still holds. False when not written.
 */
export async function writeKvIf(
  writes: Readonly<Record<string, unknown>>,
  readKeys: readonly string[],
  condition: (read: Readonly<Record<string, unknown>>) => boolean,
  { deletes = [], keepInMemoryOnRefusal = false }: { deletes?: readonly string[]; keepInMemoryOnRefusal?: boolean } = {},
): Promise<boolean> {
  const writeKeys = Object.keys(writes);
  for (const key of [...writeKeys, ...deletes]) forgetEarlyEntry(dbName, key);
  const readNow = async () => Object.fromEntries(await Promise.all(readKeys.map(async (k) => [k, await readKv(k, isAnything)] as const)));
  const keepHere = () => {
    for (const k of writeKeys) keepInMemory(k, writes[k]);
    for (const k of deletes) memory.delete(k);
  };
  let done: boolean;
  if ([...readKeys, ...writeKeys].some((k) => memory.has(k))) {
    // This context's memory holds the session (IndexedDB refused it): check and write here.
    done = condition(await readNow());
    if (done) keepHere();
  } else {
    try {
      const tx = (await db()).transaction('kv', 'readwrite');
      const read: Record<string, unknown> = {};
      for (const k of readKeys) read[k] = await tx.store.get(k);
      done = condition(read);
      if (done) await Promise.all([...writeKeys.map((k) => tx.store.put(writes[k], k)), ...deletes.map((k) => tx.store.delete(k))]);
      await tx.done;
    } catch {
      // Nothing of it was written.
      done = keepInMemoryOnRefusal && condition(await readNow());
      if (done) keepHere();
    }
  }
  if (done) writeKeys.forEach(written);
  return done;
}

/** Any stored value (a reader that checks it itself, with a schema). */
export const isAnything = (v: unknown): v is unknown => v !== undefined;

/** The tokens of one refresh answer, stored together. */
export interface RefreshedSession {
  auth: StoredAuth;
  accessToken: string;
  refreshedAt: number;
}

/**
 * Stores a refresh answer only if the session it was asked for is still the stored one: the
 * stored refresh token must be exactly the one that was presented, so a sign-out (or another
 * member's sign-in) that lands while the grant was on its way is never undone by its late answer.
 * `alsoDelete` goes in the same transaction (the in-flight mark). False when not stored.
 */
export function replaceAuthIfCurrent(presentedRefreshToken: string, next: RefreshedSession, alsoDelete: readonly string[] = []): Promise<boolean> {
  return writeKvIf(
    { [sessionKeys.auth]: next.auth, [sessionKeys.accessToken]: next.accessToken, [sessionKeys.refreshedAt]: next.refreshedAt },
    [sessionKeys.auth],
    (read) => {
      const current = read[sessionKeys.auth];
      return isStoredAuth(current) && current.refresh_token === presentedRefreshToken;
    },
    { deletes: alsoDelete, keepInMemoryOnRefusal: true },
  );
}

/**
 * A stored auth object. One whose refresh token has no readable claims (corrupt storage) is no
 * session, unless it was stored as opaque (with its `refreshExpiresAt`).
 */
export function isStoredAuth(value: unknown): value is StoredAuth {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const opaque = typeof v.refresh_token === 'string' && v.refresh_token !== '' && (v.refreshExpiresAt === null || (typeof v.refreshExpiresAt === 'number' && Number.isFinite(v.refreshExpiresAt)));
  return (
    (parseRefreshClaims(v.refresh_token) !== null || opaque) &&
    typeof v.tenantGuid === 'string' &&
    typeof v.orgGroupGuid === 'string' &&
    (v.tokenType === undefined || v.tokenType === 'Bearer' || v.tokenType === 'DPoP')
  );
}

/** The login client's settings, stored by the page at start so the service worker refreshes the same way. */
export interface AuthClientSettings {
  clientId: string;
  tokenEndpoint: string;
  /** The identity provider's revocation endpoint (OIDC discovery), where refresh tokens are revoked at sign-out. */
  revocationEndpoint?: string | null;
  /** Where a sign-out ends the identity provider's session (logoutUrl, else discovery end_session_endpoint). */
  endSessionEndpoint?: string | null;
  /** authClient.oidc as derived by `loginEndpoints.trustedSettings` (never taken from the copy alone). */
  oidc?: boolean;
  /** The OIDC issuer the discovered endpoints came from (a changed configuration discards them). */
  issuer?: string | null;
  /** The platform's refresh grace (RuntimeConfig authClient.refreshGraceSeconds); absent: the contract's 60. */
  refreshGraceSeconds?: number;
}

export const defaultAuthClientSettings: AuthClientSettings = { clientId: 'trust-shell', tokenEndpoint: defaultTokenPath };

function isAuthClientSettings(value: unknown): value is AuthClientSettings {
  const v = value as Partial<AuthClientSettings> | null;
  return (
    typeof v?.clientId === 'string' &&
    typeof v.tokenEndpoint === 'string' &&
    [v.revocationEndpoint, v.endSessionEndpoint, v.issuer].every((f) => f === undefined || f === null || typeof f === 'string') &&
    (v.oidc === undefined || typeof v.oidc === 'boolean') &&
    (v.refreshGraceSeconds === undefined || (Number.isInteger(v.refreshGraceSeconds) && v.refreshGraceSeconds >= 0 && v.refreshGraceSeconds <= 300))
  );
}

/** The stored copy, as written: never used for a call unchecked (`loginEndpoints.readAuthClientSettings`). */
export async function readStoredAuthClient(): Promise<AuthClientSettings> {
  return (await readKv(sessionKeys.authClient, isAuthClientSettings)) ?? defaultAuthClientSettings;
}

export function readStoredAuth(): Promise<StoredAuth | null> {
  return readKv(sessionKeys.auth, isStoredAuth);
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** The stored access token, as stored (its claims may still be unreadable: see `readClaims`). */
export function readAccessToken(): Promise<string | null> {
  return readKv(sessionKeys.accessToken, isString);
}

/** The stored access token's claims (SPEC §5), or null when there is none or it cannot be read. */
export async function readClaims(): Promise<AccessClaims | null> {
  return parseAccessClaims(await readAccessToken());
}
