import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { broadcast } from './sessionChannel';

/**
 * The session lives in IndexedDB (not localStorage) so that the service worker, which has no
 * localStorage, reads the same auth object and access token as every tab.
 */
export interface StoredAuth {
  tenantGuid: string;
  orgGroupGuid: string;
  refresh_token: string;
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

const dbName = 'trust-shell';
let dbPromise: Promise<IDBPDatabase<ShellDb>> | null = null;

function db(): Promise<IDBPDatabase<ShellDb>> {
  dbPromise ??= openDB<ShellDb>(dbName, 1, {
    upgrade(database) {
      database.createObjectStore('kv');
    },
  });
  return dbPromise;
}

export async function readKv<T>(key: string, guard: (value: unknown) => value is T): Promise<T | null> {
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
  await (await db()).put('kv', value, key);
  written(key);
}

export async function deleteKv(key: string): Promise<void> {
  await (await db()).delete('kv', key);
  written(key);
}

export function isStoredAuth(value: unknown): value is StoredAuth {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.refresh_token === 'string' && typeof v.tenantGuid === 'string' && typeof v.orgGroupGuid === 'string';
}

export const sessionKeys = {
  auth: 'auth',
  accessToken: 'accessToken',
  language: 'language',
  authClient: 'authClient',
  /** When (this browser's clock, ms) the last refresh succeeded, in any context. */
  refreshedAt: 'refreshedAt',
} as const;

/** The login client's settings, stored by the page at start so the service worker refreshes the same way. */
export interface AuthClientSettings {
  clientId: string;
  tokenEndpoint: string;
}

export const defaultAuthClientSettings: AuthClientSettings = { clientId: 'trust-shell', tokenEndpoint: '/api/access/v1/oauth/token' };

function isAuthClientSettings(value: unknown): value is AuthClientSettings {
  const v = value as Partial<AuthClientSettings> | null;
  return typeof v?.clientId === 'string' && typeof v.tokenEndpoint === 'string';
}

export async function readAuthClientSettings(): Promise<AuthClientSettings> {
  return (await readKv(sessionKeys.authClient, isAuthClientSettings)) ?? defaultAuthClientSettings;
}

export function readStoredAuth(): Promise<StoredAuth | null> {
  return readKv(sessionKeys.auth, isStoredAuth);
}
