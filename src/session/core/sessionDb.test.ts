import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteKv, readAccessToken, readClaims, readKv, readStoredAuth, sessionKeys, writeKv } from './sessionDb';
import { onStorageFallback } from '../../core/storageFallback';

// A browser without IndexedDB (the unit set-up installs a fake one; this file takes it away): the
// store must still work, from memory, and say so once.
beforeAll(() => {
  vi.stubGlobal('indexedDB', undefined);
});
const isString = (v: unknown): v is string => typeof v === 'string';
const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const refreshToken = `${b64({ alg: 'RS256' })}.${b64({ exp: 2_000_000_000 })}.c2ln`;

describe('sessionDb without IndexedDB', () => {
  it('keeps entries in memory, reads them back, deletes them, and tells its listeners once', async () => {
    const told = vi.fn();
    onStorageFallback(told);
    await writeKv(sessionKeys.accessToken, 'token-1');
    await writeKv(sessionKeys.accessToken, 'token-2');
    expect(await readKv(sessionKeys.accessToken, isString)).toBe('token-2');
    expect(told).toHaveBeenCalledTimes(1);
    // A listener that comes later is told at once.
    const late = vi.fn();
    onStorageFallback(late);
    expect(late).toHaveBeenCalledTimes(1);
    await deleteKv(sessionKeys.accessToken);
    expect(await readKv(sessionKeys.accessToken, isString)).toBeNull();
  });

  it('reads an auth object whose refresh token has no readable claims as no session', async () => {
    await writeKv(sessionKeys.auth, { tenantGuid: 't', orgGroupGuid: 'g', refresh_token: refreshToken });
    expect(await readStoredAuth()).toMatchObject({ refresh_token: refreshToken });
    for (const corrupt of ['', 'a.b', 'x'.repeat(20_000), 42]) {
      await writeKv(sessionKeys.auth, { tenantGuid: 't', orgGroupGuid: 'g', refresh_token: corrupt });
      expect(await readStoredAuth()).toBeNull();
    }
  });

  it('reads the access token and its claims through one door: unreadable or missing is null', async () => {
    const access = `${b64({ alg: 'RS256' })}.${b64({ guid: 'u-1', tenantGuid: 't-1', exp: 2_000_000_000 })}.c2ln`;
    await writeKv(sessionKeys.accessToken, access);
    expect(await readAccessToken()).toBe(access);
    expect(await readClaims()).toMatchObject({ guid: 'u-1', tenantGuid: 't-1' });
    for (const unreadable of ['a.b', 42, { token: access }]) {
      await writeKv(sessionKeys.accessToken, unreadable);
      expect(await readClaims()).toBeNull();
    }
    await deleteKv(sessionKeys.accessToken);
    expect(await readAccessToken()).toBeNull();
  });
});
