/**
 * Answer shapes built from the data, shared by the routes and the start-up state (init repeats
 * several single answers: tenant, tenants, user, settings, branding, resources, organisations).
 */
import type { AuthInfo } from './context.ts';
import type { Store } from './store.ts';
import type { BrandingDef, DateFormatValue, OrgGroupDef, TenantDef, TimeFormatValue } from './data/tenants.ts';
import type { UserDef } from './data/users.ts';
import { membershipOf } from './data/users.ts';
import { tenantResources, type BrandingResource } from './data/content.ts';

export interface TenantView {
  Id: string;
  Name: string;
  parentName: string | null;
  buyingType: TenantDef['buyingType'];
  OrgGroups: Array<{ Id: string; Name: string }>;
}

/** A tenant as this user sees it: only the organisation groups the user may use. */
export function tenantView(user: UserDef, tenant: TenantDef): TenantView {
  const ids = membershipOf(user, tenant.id)?.orgGroupIds ?? [];
  const groups = ids.map((id) => tenant.orgGroups.find((g) => g.id === id)).filter((g): g is OrgGroupDef => g !== undefined);
  return { Id: tenant.id, Name: tenant.name, parentName: tenant.parentName, buyingType: tenant.buyingType, OrgGroups: groups.map((g) => ({ Id: g.id, Name: g.name })) };
}

/** Contract: tenants the user may switch to, current one included, ordered by Name. */
export function tenantList(user: UserDef): TenantView[] {
  return user.memberships
    .map((m) => tenantView(user, m.tenant))
    .sort((a, b) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0));
}

export function currentUserView(auth: AuthInfo): Record<string, unknown> {
  const { user, orgGroup, tenant } = auth;
  return {
    id: user.id,
    FirstName: user.firstName,
    LastName: user.lastName,
    FullName: `${user.firstName} ${user.lastName}`,
    Email: user.email,
    OrgGroupName: orgGroup.name,
    CurrentTenant: tenant.id,
    // Assumed optional field (the contract has no roles list): the roles the user may switch to.
    Roles: user.roles.filter((r) => !r.virtual).map((r) => ({ Id: r.id, Name: r.name })),
  };
}

export interface EffectiveDateTime {
  dateFormat: DateFormatValue;
  timeFormat: TimeFormatValue;
}

/** Organisation default: saved value, else the group's built-in default. */
export function orgDateTime(store: Store, orgGroup: OrgGroupDef): EffectiveDateTime {
  const saved = store.orgDateTime.get(orgGroup.id);
  return { dateFormat: saved?.dateFormat ?? orgGroup.dateFormat, timeFormat: saved?.timeFormat ?? orgGroup.timeFormat };
}

/** Contract: a key the user has not set answers the organisation default. */
export function userDateTime(store: Store, auth: AuthInfo): EffectiveDateTime {
  const org = orgDateTime(store, auth.orgGroup);
  const saved = store.userDateTime.get(auth.user.id);
  return { dateFormat: saved?.dateFormat ?? org.dateFormat, timeFormat: saved?.timeFormat ?? org.timeFormat };
}

export function dateTimePreference(values: EffectiveDateTime): Record<string, { key: string; value: string }> {
  return {
    DateFormat: { key: 'dateFormat', value: values.dateFormat },
    TimeFormat: { key: 'timeFormat', value: values.timeFormat },
  };
}

const NO_BRANDING: BrandingDef = {
  loginLogoData: null,
  logoData: null,
  primaryColor: null,
  secondaryColor: null,
  tertiaryColor: null,
  pageTitle: null,
  inheritedFrom: null,
  inherited: false,
};

/** Contract: a tenant without branding answers null fields and inherited false. */
export function brandingView(tenant: TenantDef, workspace: boolean): BrandingDef {
  return (workspace ? (tenant.workspaceBranding ?? tenant.branding) : tenant.branding) ?? NO_BRANDING;
}

export function resourcesView(tenant: TenantDef): BrandingResource[] {
  return tenantResources(tenant);
}
