// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteKv, sessionKeys, writeKv } from '../../session/core/sessionDb';
import { canRefreshBehind, detectStart, isWarmStart, lastKnownStateKey } from './startKind';
import { unsignedJwt } from '../../session/core/unsignedJwt.testSupport';
import { memberScopeKey } from '../../session/core/claims';

const jwt = unsignedJwt;
const now = () => Math.floor(Date.now() / 1000);

async function stored({ member = 'u1', tenant = 't1', group = 'g1', role = 'Site Admin', expiresIn = 900, refreshExpiresIn = 28_800 } = {}) {
  await writeKv(sessionKeys.auth, { tenantGuid: tenant, orgGroupGuid: group, refresh_token: jwt({ exp: now() + refreshExpiresIn }) });
  await writeKv(sessionKeys.accessToken, jwt({ guid: member, tenantGuid: tenant, orgGroupGuid: group, role, exp: now() + expiresIn }));
}

/** The copy's key: member u1 in tenant t1, organisation group g1, role Site Admin. */
const copyKey = memberScopeKey({ guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Site Admin' });

describe('warm start (what a page start can paint from the device)', () => {
  beforeEach(async () => {
    for (const key of [sessionKeys.auth, sessionKeys.accessToken, lastKnownStateKey]) await deleteKv(key);
  });

  it('is warm with a valid token and a last known copy of the same member, tenant, organisation group and role', async () => {
    await stored();
    await writeKv(lastKnownStateKey, { scopeKey: copyKey });
    expect(await detectStart()).toEqual({ signedIn: true, warm: true });
    expect(isWarmStart()).toBe(true);
  });

  it.each([
    ['another member’s copy', { member: 'u2' }],
    ['another tenant’s copy', { tenant: 't2' }],
    ['another organisation group’s copy (after a switch)', { group: 'g2' }],
    ['another role’s copy (after a switch)', { role: 'Auditor' }],
    ['a copy kept under the member and tenant only (before copies were keyed by the whole scope)', {}, 'u1:t1'],
    ['an expired access token and an expired refresh token (nothing can renew it)', { expiresIn: -1, refreshExpiresIn: -1 }],
  ])('is not warm with %s', async (_name, session, key = copyKey) => {
    await stored(session);
    await writeKv(lastKnownStateKey, { scopeKey: key });
    expect(await detectStart()).toEqual({ signedIn: true, warm: false });
    expect(isWarmStart()).toBe(false);
    expect(await canRefreshBehind()).toBe(false);
  });

  it('is warm with an expired access token whose refresh token is valid: the refresh runs behind the painted shell', async () => {
    await stored({ expiresIn: -1 });
    await writeKv(lastKnownStateKey, { scopeKey: copyKey });
    expect(await detectStart()).toEqual({ signedIn: true, warm: true });
    expect(await canRefreshBehind()).toBe(true);
  });

  it('refreshes first (not behind) with a valid access token, or without a copy of this member', async () => {
    await stored();
    await writeKv(lastKnownStateKey, { scopeKey: copyKey });
    expect(await canRefreshBehind()).toBe(false);
    await stored({ expiresIn: -1, member: 'u2' });
    expect(await canRefreshBehind()).toBe(false);
  });

  it('is not warm without a copy, nor signed in without a session', async () => {
    await stored();
    expect(await detectStart()).toEqual({ signedIn: true, warm: false });
    await deleteKv(sessionKeys.auth);
    await writeKv(lastKnownStateKey, { scopeKey: copyKey });
    expect(await detectStart()).toEqual({ signedIn: false, warm: false });
  });
});
