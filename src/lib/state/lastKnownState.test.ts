// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { writeKv } from '../../core/session/sessionDb';
import { clearLastKnownState, readLastKnownState, writeLastKnownState, type LastKnownState } from './lastKnownState';

const state: LastKnownState = {
  scopeKey: 'user-1:tenant-1',
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

describe('last known signed-in state (offline start)', () => {
  it('comes back for the same member and tenant only', async () => {
    await writeLastKnownState(state);
    expect(await readLastKnownState('user-1:tenant-1')).toEqual(state);
    expect(await readLastKnownState('user-2:tenant-1')).toBeNull();
    expect(await readLastKnownState('user-1:tenant-2')).toBeNull();
  });

  it('ignores a corrupt entry', async () => {
    await writeKv('lastKnownState', { scopeKey: 'user-1:tenant-1', permissions: 'all' });
    expect(await readLastKnownState('user-1:tenant-1')).toBeNull();
  });

  it('is gone after sign-out', async () => {
    await writeLastKnownState(state);
    await clearLastKnownState();
    expect(await readLastKnownState('user-1:tenant-1')).toBeNull();
  });
});
