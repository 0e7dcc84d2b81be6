/**
 * Users (the personas) with their roles, tenants and SSO settings. All personas share one
 * password so tests and people can sign in without looking it up.
 */
import { ALL_PERMISSIONS, NO_PERMISSIONS, grant, type PermissionSet } from './permissions.ts';
import { uuidFor } from './ids.ts';
import {
  ACME_CORP,
  ACME_EUROPE,
  ACME_GLOBAL,
  ACME_LABS,
  ACME_RETAIL,
  ACME_SANDBOX,
  GLOBEX,
  HOOLI_FREE,
  INITECH_TRIAL,
  NORTHWIND_EU,
  UMBRELLA,
  type TenantDef,
} from './tenants.ts';

export const PERSONA_PASSWORD = 'trust-shell-demo';

export interface RoleDef {
  id: string;
  name: string;
  authorities: string[];
  permissions: PermissionSet;
  /** AcceptEula is a temporary virtual role (claim virtualRole). */
  virtual: boolean;
  accessLevel: { Id: string; Name: string };
}

export interface Membership {
  tenant: TenantDef;
  /** Organisation group ids usable in this tenant; the first is the default. */
  orgGroupIds: string[];
}

export interface UserDef {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  languageCode: 'en-us' | 'de-de' | 'ar';
  description: string;
  memberships: Membership[];
  roles: RoleDef[];
  /** Organisations the user is directly assigned to (users/current/organizations), by name in the default group. */
  assignedOrgNames: string[];
  sso: { signOutUrl: string; openSaml4: boolean } | null;
}

function role(key: string, name: string, permissions: PermissionSet, options: { authorities?: string[]; virtual?: boolean; accessLevel?: string } = {}): RoleDef {
  return {
    id: uuidFor(`role:${key}`),
    name,
    authorities: options.authorities ?? [],
    permissions,
    virtual: options.virtual ?? false,
    accessLevel: { Id: uuidFor(`access-level:${options.accessLevel ?? 'Standard Access'}`), Name: options.accessLevel ?? 'Standard Access' },
  };
}

const SITE_ADMIN = role('site-admin', 'Site Admin', ALL_PERMISSIONS, { authorities: ['Site Admin'], accessLevel: 'Full Access' });
const PRIVACY_MANAGER = role(
  'privacy-manager',
  'Privacy Manager',
  grant('Login', 'AutoRefreshToken', 'SessionTimeoutWarning', 'MaintenanceAlertView', 'BenchmarkingMetadataView', 'AnalyticsGuidance', 'UserToolSetting', 'ProductAnalytics', 'CommunityAppAccess'),
  { authorities: ['Privacy Manager'] },
);
const AUDITOR = role('auditor', 'Auditor', grant('Login', 'AutoRefreshToken', 'SessionTimeoutWarning'), { authorities: ['Auditor'], accessLevel: 'Read Only' });
const MEMBER = role('member', 'Member', grant('Login', 'AutoRefreshToken', 'SessionTimeoutWarning', 'UserToolSetting'), { authorities: ['Member'] });
const INVITED = role('invited', 'Invited Contributor', grant('AutoRefreshToken', 'SessionTimeoutWarning', 'UserToolSetting'), { authorities: ['Invited'] });
const ACCEPT_EULA = role('accept-eula', 'AcceptEula', grant('AutoRefreshToken'), { virtual: true, accessLevel: 'Read Only' });
const VIEWER = role('viewer', 'Viewer', NO_PERMISSIONS, { accessLevel: 'Read Only' });
const REGIONAL_ADMIN = role(
  'regional-admin',
  'Regional Admin',
  grant('Login', 'AutoRefreshToken', 'SessionTimeoutWarning', 'MaintenanceAlertView', 'BenchmarkingMetadataView', 'UserToolSetting', 'UiSettingsEdit'),
  { authorities: ['Regional Admin'] },
);

function user(key: string, fields: Omit<UserDef, 'id' | 'email' | 'assignedOrgNames' | 'sso'> & Partial<Pick<UserDef, 'assignedOrgNames' | 'sso'>>): UserDef {
  return { id: uuidFor(`user:${key}`), email: `${key}@acme.test`, assignedOrgNames: [], sso: null, ...fields };
}

function member(tenant: TenantDef, ...orgGroupIds: string[]): Membership {
  return { tenant, orgGroupIds: orgGroupIds.length > 0 ? orgGroupIds : tenant.orgGroups.map((g) => g.id) };
}

export const USERS: readonly UserDef[] = [
  user('admin', {
    firstName: 'Ada',
    lastName: 'Admin',
    languageCode: 'en-us',
    description: 'Every permission (incl. TENANTS_LIST); 3 tenants (Acme Corp, Acme Europe ptl eu-acme, Acme Sandbox), 3 org groups, deep tree, 3 roles, branding, banner + maintenance + benchmarking',
    memberships: [member(ACME_CORP, ACME_GLOBAL.id, ACME_LABS.id, ACME_RETAIL.id), member(ACME_EUROPE), member(ACME_SANDBOX)],
    roles: [SITE_ADMIN, PRIVACY_MANAGER, AUDITOR],
    assignedOrgNames: ['Acme Corp'],
  }),
  user('sandbox', {
    firstName: 'Sam',
    lastName: 'Sandbox',
    languageCode: 'en-us',
    description: 'User of the SANDBOX tenant Acme Sandbox (parent Acme Corp; FallBackToNotFound true)',
    memberships: [member(ACME_SANDBOX)],
    roles: [MEMBER],
    assignedOrgNames: ['Sandbox Org'],
  }),
  user('invited', {
    firstName: 'Ivy',
    lastName: 'Invited',
    languageCode: 'en-us',
    description: 'No Login permission: users/current/organizations lists 2 organisations, root-tree answers 403',
    memberships: [member(ACME_CORP, ACME_GLOBAL.id)],
    roles: [INVITED],
    assignedOrgNames: ['Privacy Office', 'Contracts'],
  }),
  user('sso', {
    firstName: 'Sol',
    lastName: 'Single-Sign-On',
    languageCode: 'en-us',
    description: 'SAML/SSO user (IsEnabled, IsOpenSaml4, sign-out URL); password grant refused; signs in through authorize + PKCE',
    memberships: [member(UMBRELLA)],
    roles: [MEMBER],
    assignedOrgNames: ['Umbrella Corp'],
    sso: { signOutUrl: 'https://idp.umbrella.test/saml/logout', openSaml4: true },
  }),
  user('legacy-sso', {
    firstName: 'Leo',
    lastName: 'Legacy-Saml',
    languageCode: 'en-us',
    description: 'SAML/SSO user with IsOpenSaml4 false (legacy /access/v1/saml/logout); signs in through authorize + PKCE',
    memberships: [member(UMBRELLA)],
    roles: [MEMBER],
    assignedOrgNames: ['Umbrella Corp'],
    sso: { signOutUrl: 'https://idp.umbrella.test/legacy/logout', openSaml4: false },
  }),
  user('eula', {
    firstName: 'Eli',
    lastName: 'Eula',
    languageCode: 'en-us',
    description: 'virtualRole true with role AcceptEula (forced to /eula); also holds Member, reachable by a role switch',
    memberships: [member(ACME_CORP, ACME_GLOBAL.id)],
    // Accepting the agreement (POST /api/access/v1/eula/acceptance) drops AcceptEula at the next refresh.
    roles: [ACCEPT_EULA, MEMBER],
  }),
  user('ptl', {
    firstName: 'Petra',
    lastName: 'Prefix',
    languageCode: 'en-us',
    description: 'Tenant Northwind EU with ptl eu-tenant-7: every pipeline call must be /eu-tenant-7/api/...; banner + maintenance + benchmarking',
    memberships: [member(NORTHWIND_EU)],
    roles: [REGIONAL_ADMIN],
    assignedOrgNames: ['Northwind EU'],
  }),
  user('arabic', {
    firstName: 'Amal',
    lastName: 'Arabic',
    languageCode: 'ar',
    description: 'Language ar (languageId 3, right to left), Acme Corp',
    memberships: [member(ACME_CORP, ACME_GLOBAL.id)],
    roles: [PRIVACY_MANAGER],
    assignedOrgNames: ['Acme Corp'],
  }),
  user('basic', {
    firstName: 'Bob',
    lastName: 'Basic',
    languageCode: 'en-us',
    description: 'No optional permissions (every permission false), Acme Corp',
    memberships: [member(ACME_CORP, ACME_GLOBAL.id)],
    roles: [VIEWER],
    assignedOrgNames: ['Sales'],
  }),
  user('bigorg', {
    firstName: 'Greta',
    lastName: 'Globex',
    languageCode: 'de-de',
    description: 'Login; tenant Globex Holdings with a 50,000-organisation tree (6 levels); language de-de',
    memberships: [member(GLOBEX)],
    roles: [MEMBER],
    assignedOrgNames: ['Globex Holdings'],
  }),
  user('trial', {
    firstName: 'Tia',
    lastName: 'Trial',
    languageCode: 'en-us',
    description: 'TRIAL tenant Initech with an existing trial subscription (Start Trial shows the trial-failure modal)',
    memberships: [member(INITECH_TRIAL)],
    roles: [MEMBER],
    assignedOrgNames: ['Initech'],
  }),
  user('free', {
    firstName: 'Fred',
    lastName: 'Free',
    languageCode: 'en-us',
    description: 'FREE tenant Hooli with no subscriptions (Start Trial creates a TRIAL_REQUEST case)',
    memberships: [member(HOOLI_FREE)],
    roles: [MEMBER],
    assignedOrgNames: ['Hooli'],
  }),
];

const byEmail = new Map(USERS.map((u) => [u.email.toLowerCase(), u]));
const byId = new Map(USERS.map((u) => [u.id.toLowerCase(), u]));

export function userByEmail(email: string): UserDef | undefined {
  return byEmail.get(email.trim().toLowerCase());
}

export function userById(id: string): UserDef | undefined {
  return byId.get(id.toLowerCase());
}

export function membershipOf(user: UserDef, tenantId: string): Membership | undefined {
  return user.memberships.find((m) => m.tenant.id.toLowerCase() === tenantId.toLowerCase());
}

export function roleByName(user: UserDef, name: string): RoleDef | undefined {
  return user.roles.find((r) => r.name === name);
}

/** Fictional colleagues so the organisation-group user list is not only personas. */
const COLLEAGUES = [
  ['Grace', 'Hopper'],
  ['Alan', 'Turing'],
  ['Katherine', 'Johnson'],
  ['Linus', 'Pauling'],
  ['Barbara', 'Liskov'],
  ['Edsger', 'Dijkstra'],
] as const;

export interface OrgGroupUserRow {
  Id: string;
  FirstName: string;
  LastName: string;
  FullName: string;
  Email: string;
}

/** Users of an organisation group, ordered by FullName (contract listOrgGroupUsers). */
export function orgGroupUsers(orgGroupId: string): OrgGroupUserRow[] {
  const rows: OrgGroupUserRow[] = [];
  for (const u of USERS) {
    if (u.memberships.some((m) => m.orgGroupIds.some((id) => id.toLowerCase() === orgGroupId.toLowerCase()))) {
      rows.push({ Id: u.id, FirstName: u.firstName, LastName: u.lastName, FullName: `${u.firstName} ${u.lastName}`, Email: u.email });
    }
  }
  for (const [first, last] of COLLEAGUES) {
    rows.push({
      Id: uuidFor(`colleague:${orgGroupId}:${first}`),
      FirstName: first,
      LastName: last,
      FullName: `${first} ${last}`,
      Email: `${first.toLowerCase()}.${last.toLowerCase()}@example.test`,
    });
  }
  return rows.sort((a, b) => (a.FullName < b.FullName ? -1 : a.FullName > b.FullName ? 1 : 0));
}
