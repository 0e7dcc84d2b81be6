// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteKv, sessionKeys, writeKv } from '../../session/core/sessionDb';
import { memberScopeKey } from '../../session/core/claims';
import { clearLastKnownState, readLastKnownState, writeLastKnownState, type LastKnownState } from './lastKnownState';

const key = (guid: string, tenantGuid: string, orgGroupGuid = 'g', role = 'Site Admin') => memberScopeKey({ guid, tenantGuid, orgGroupGuid, role });
const state: LastKnownState = {
  scopeKey: key('user-1', 'tenant-1'),
  permissions: ['Login'],
  languages: [{ Id: 1, Code: 'en-us', Name: 'English (US)', IsRtl: false }],
  user: { id: 'user-1', FirstName: 'Ada', LastName: 'Admin', FullName: 'Ada Admin', Email: 'a@x.test', OrgGroupName: 'HQ', CurrentTenant: 'tenant-1' },
  tenant: { Id: 'tenant-1', Name: 'Acme', parentName: null, buyingType: 'PAID', OrgGroups: [] },
  tenants: null,
  settings: null,
  accessLevel: null,
  orgGroupUsers: [],
  navigation: { showLegacyNavigation: true, newNavigationTenantPreference: false, newNavigationPreviewEnabled: false },
  version: '1.2.3',
  content: null,
  toolPreferences: null,
};

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const accessToken = (guid: string, tenantGuid: string, orgGroupGuid = 'g', role = 'Site Admin') =>
  `${b64({ alg: 'RS256' })}.${b64({ guid, tenantGuid, orgGroupGuid, role, exp: Math.floor(Date.now() / 1000) + 900 })}.sig`;

describe('last known signed-in state (offline start)', () => {
  beforeEach(async () => {
    await clearLastKnownState();
    await writeKv(sessionKeys.accessToken, accessToken('user-1', 'tenant-1'));
    await writeKv(sessionKeys.language, 'en-us');
  });

  it('comes back for the same member, tenant, organisation group and role only', async () => {
    await writeLastKnownState(state, 'en-us');
    expect(await readLastKnownState(key('user-1', 'tenant-1'))).toEqual(state);
    expect(await readLastKnownState(key('user-2', 'tenant-1'))).toBeNull();
    expect(await readLastKnownState(key('user-1', 'tenant-2'))).toBeNull();
    expect(await readLastKnownState(key('user-1', 'tenant-1', 'g2'))).toBeNull();
    expect(await readLastKnownState(key('user-1', 'tenant-1', 'g', 'Auditor'))).toBeNull();
  });

  it('ignores a corrupt entry', async () => {
    await writeKv('lastKnownState', { scopeKey: key('user-1', 'tenant-1'), permissions: 'all' });
    expect(await readLastKnownState(key('user-1', 'tenant-1'))).toBeNull();
  });

  it('is gone after sign-out', async () => {
    await writeLastKnownState(state, 'en-us');
    await clearLastKnownState();
    expect(await readLastKnownState(key('user-1', 'tenant-1'))).toBeNull();
  });

  it('is not kept when the member signed out while it was loading', async () => {
    await deleteKv(sessionKeys.accessToken);
    expect(await writeLastKnownState(state, 'en-us')).toBe(false);
    await writeKv(sessionKeys.accessToken, accessToken('user-1', 'tenant-1'));
    expect(await readLastKnownState(key('user-1', 'tenant-1'))).toBeNull();
  });

  it('is not kept when another member signed in, the tenant, group or role was switched or the language changed meanwhile', async () => {
    for (const token of [accessToken('user-2', 'tenant-1'), accessToken('user-1', 'tenant-2'), accessToken('user-1', 'tenant-1', 'g2'), accessToken('user-1', 'tenant-1', 'g', 'Auditor')]) {
      await writeKv(sessionKeys.accessToken, token);
      expect(await writeLastKnownState(state, 'en-us')).toBe(false);
    }
    await writeKv(sessionKeys.accessToken, accessToken('user-1', 'tenant-1'));
    await writeKv(sessionKeys.language, 'de-de');
    await writeLastKnownState(state, 'en-us');
    await writeKv(sessionKeys.language, 'en-us');
    expect(await readLastKnownState(key('user-1', 'tenant-1'))).toBeNull();
  });
});
