import { describe, expect, it } from 'vitest';
import { buildIdentity, type IdentitySources } from './identity';

const sources: IdentitySources = {
  claims: { guid: 'user-1', tenantGuid: 'tenant-1', authorities: ['Privacy Manager'], role: 'Privacy Manager', root: 'org-root', email: 'token@acme.test' },
  user: { id: 'user-1', FirstName: 'Ada', LastName: 'Admin', FullName: 'Ada Admin', Email: 'ada@acme.test', OrgGroupName: 'Global', CurrentTenant: 'Acme' },
  toolPreferences: { UserFeedback: false, UserGuidance: true, ProductImprovements: true, ProductImprovementsNotification: false },
  navigation: { showLegacyNavigation: false, newNavigationTenantPreference: true, newNavigationPreviewEnabled: false },
  version: '5.3.0',
  timeZone: 'Europe/Berlin',
};

describe('analytics identity (SPEC §3)', () => {
  it('carries the visitor fields, the account and the global context', () => {
    expect(buildIdentity(sources)).toEqual({
      visitor: {
        id: 'user-1',
        firstName: 'Ada',
        lastName: 'Admin',
        email: 'ada@acme.test',
        role: 'Privacy Manager',
        surveys_custom: false,
        guidedTours_custom: true,
        onboardingBot_custom: true,
        timeZone: 'Europe/Berlin',
        rootOrg: 'org-root',
        NewNavigationEnabled: true,
      },
      account: { id: 'tenant-1' },
      globalContext: { version: '5.3.0', tenantGuid: 'tenant-1' },
    });
  });

  it('reports Site Admin as the role when the authorities include it (SPEC §6)', () => {
    const identity = buildIdentity({ ...sources, claims: { ...sources.claims, authorities: ['Auditor', 'Site Admin'], role: 'Auditor' } });
    expect(identity.visitor.role).toBe('Site Admin');
  });

  it('falls back without user or preferences, legacy navigation means not new', () => {
    const identity = buildIdentity({ ...sources, user: null, toolPreferences: null, navigation: { ...sources.navigation, showLegacyNavigation: true } });
    expect(identity.visitor).toMatchObject({ firstName: '', lastName: '', email: 'token@acme.test', surveys_custom: false, guidedTours_custom: false, NewNavigationEnabled: false });
  });
});
