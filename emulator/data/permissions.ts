/**
 * The permission names of the contract's PermissionMap. The server lists every one of them for
 * the current role, true or false (contract: "the server lists every permission of the user's
 * current role").
 */
export const PERMISSION_NAMES = [
  'TENANTS_LIST',
  'Login',
  'AutoRefreshToken',
  'SessionTimeoutWarning',
  'MaintenanceAlertView',
  'BenchmarkingMetadataView',
  'AnalyticsGuidance',
  'UserToolSetting',
  'ProductAnalytics',
  'CommunityAppAccess',
  'UiSettingsEdit',
] as const;

export type PermissionName = (typeof PERMISSION_NAMES)[number];

export type PermissionSet = Readonly<Record<PermissionName, boolean>>;

/** Builds a full map with only the listed permissions granted. */
export function grant(...names: PermissionName[]): PermissionSet {
  const map = {} as Record<PermissionName, boolean>;
  for (const name of PERMISSION_NAMES) map[name] = names.includes(name);
  return map;
}

export const ALL_PERMISSIONS: PermissionSet = grant(...PERMISSION_NAMES);
export const NO_PERMISSIONS: PermissionSet = grant();
