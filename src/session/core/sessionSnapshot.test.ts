import { describe, expect, it } from 'vitest';
import { sessionKeys, writeKv } from './sessionDb';
import { invalidateSnapshot, sessionSnapshot } from './sessionSnapshot';

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'RS256' })}.${b64(claims)}.c2ln`;
const readable = jwt({ guid: 'u1', tenantGuid: 't1', exp: 2_000_000_000 });

describe('sessionSnapshot sends only a token with readable claims', () => {
  it.each([
    ['two parts', 'a.b'],
    ['no exp', jwt({ guid: 'u1', tenantGuid: 't1' })],
    ['1 MB', jwt({ guid: 'u1', tenantGuid: 't1', exp: 2_000_000_000, padding: 'x'.repeat(1024 * 1024) })],
    ['not a string', 42],
  ])('no bearer for a stored token with %s', async (_name, stored) => {
    await writeKv(sessionKeys.accessToken, stored);
    invalidateSnapshot();
    expect(await sessionSnapshot()).toMatchObject({ accessToken: null, claims: null });
  });

  it('a new token is read once the store says it changed', async () => {
    await writeKv(sessionKeys.accessToken, readable);
    invalidateSnapshot();
    await sessionSnapshot();
    const next = jwt({ guid: 'u2', tenantGuid: 't2', ptl: 'eu', exp: 2_000_000_000 });
    // writeKv tells this context's listeners, as a session message tells every other context.
    await writeKv(sessionKeys.accessToken, next);
    expect(await sessionSnapshot()).toMatchObject({ accessToken: next, claims: { guid: 'u2', tenantGuid: 't2', ptl: 'eu' } });
  });

  it('the stored token when its claims read (expired or not: the platform decides)', async () => {
    await writeKv(sessionKeys.accessToken, readable);
    invalidateSnapshot();
    expect(await sessionSnapshot()).toMatchObject({ accessToken: readable, claims: { guid: 'u1', tenantGuid: 't1' } });
  });

  it('presents a key-bound token (cnf.jkt) as DPoP even when the stored auth is gone or says Bearer', async () => {
    const bound = jwt({ guid: 'u1', tenantGuid: 't1', exp: 2_000_000_000, cnf: { jkt: 'thumbprint' } });
    await writeKv(sessionKeys.auth, null);
    await writeKv(sessionKeys.accessToken, bound);
    invalidateSnapshot();
    expect(await sessionSnapshot()).toMatchObject({ accessToken: bound, tokenKind: 'DPoP' });
    await writeKv(sessionKeys.auth, { tokenType: 'Bearer' });
    invalidateSnapshot();
    expect(await sessionSnapshot()).toMatchObject({ tokenKind: 'DPoP' });
    await writeKv(sessionKeys.accessToken, readable);
    invalidateSnapshot();
    expect(await sessionSnapshot()).toMatchObject({ accessToken: readable, tokenKind: 'Bearer' });
  });
});
