import type { Page } from '@playwright/test';
import type { PublicJwk } from './platform.ts';
import { tokenClaims } from './credentials.ts';

/**
 * The shell's stored session (IndexedDB `trust-shell`, store `kv`: `auth` and `accessToken`),
 * written the way corrupt storage or another build would leave it. The page must be on the
 * shell's origin.
 */
export async function plantSession(page: Page, session: { accessToken: unknown; auth: unknown }): Promise<void> {
  await page.evaluate(
    ({ accessToken, auth }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('trust-shell', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('kv');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          tx.objectStore('kv').put(auth, 'auth');
          tx.objectStore('kv').put(accessToken, 'accessToken');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        };
      }),
    session,
  );
}

/**
 * Stores a sign-in as the sign-in page does (`src/session/page/session.ts` storeSignIn): the tokens,
 * when they were issued, the tenant, the e-mail for the next sign-in and a fresh idle window. The
 * page must be on the shell's origin.
 */
export async function plantSignIn(page: Page, tokens: { access_token: string; refresh_token: string; token_type?: string }, email: string): Promise<void> {
  const claims = tokenClaims<{ tenantGuid: string; orgGroupGuid: string }>(tokens.access_token);
  const tokenType = tokens.token_type?.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
  await plantSession(page, { auth: { tenantGuid: claims.tenantGuid, orgGroupGuid: claims.orgGroupGuid, refresh_token: tokens.refresh_token, tokenType }, accessToken: tokens.access_token });
  await page.evaluate(
    ({ tenantGuid, email }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('trust-shell', 1);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          tx.objectStore('kv').put(Date.now(), 'refreshedAt');
          tx.oncomplete = () => {
            open.result.close();
            localStorage.setItem('trust-shell.tenant', tenantGuid);
            localStorage.setItem('trust-shell.lastLoginEmail', email);
            localStorage.setItem('trust-shell.lastActivity', String(Date.now()));
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        };
      }),
    { tenantGuid: claims.tenantGuid, email },
  );
}

/**
 * A DPoP key pair for the session, made in the page as the sign-in page makes it (ES256, the private
 * half not extractable) and stored as the shell keeps it (`kv/dpopKey`); answers the public half
 * as a JWK, to have the platform bind tokens to it. The page must be on the shell's origin.
 */
export function plantProofKey(page: Page): Promise<PublicJwk> {
  return page.evaluate(async () => {
    const key = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('trust-shell', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('kv');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const tx = open.result.transaction('kv', 'readwrite');
        tx.objectStore('kv').put(key, 'dpopKey');
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error ?? new Error('write failed'));
      };
    });
    const { kty = '', crv = '', x = '', y = '' } = await crypto.subtle.exportKey('jwk', key.publicKey);
    return { kty, crv, x, y };
  });
}

/** Reads one entry of the shell's session store (null when there is none). */
export function storedEntry(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (k) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('trust-shell');
        // No database yet: none is created (an empty one at version 1 would have no store for the shell).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          // Closed on every path: an open connection would hold up a later deletion of the database.
          const done = (value: unknown) => {
            db.close();
            resolve(value);
          };
          if (!db.objectStoreNames.contains('kv')) return done(null);
          const get = db.transaction('kv').objectStore('kv').get(k);
          get.onsuccess = () => done(get.result ?? null);
          get.onerror = () => done(null);
        };
      }),
    key,
  );
}

/** The outbox's stored entries, as IndexedDB holds them. */
export function queuedWrites(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open('trust-shell-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
        open.onsuccess = () => {
          const all = open.result.transaction('writes').objectStore('writes').getAll();
          all.onsuccess = () => resolve(all.result as unknown[]);
          all.onerror = () => resolve([]);
        };
        open.onerror = () => resolve([]);
      }),
  );
}

/** Empties the open origin's local and session storage, IndexedDB and Cache Storage, and the context's cookies. */
export async function emptyOriginStorage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error ?? new Error(`could not delete ${name}`));
      });
    }
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await page.context().clearCookies();
}
