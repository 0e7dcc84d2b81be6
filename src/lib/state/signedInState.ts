import { atom, appStore } from '../../state/jotai';
import { loadedScopeAtom } from '../../session/page/sessionAtoms';
import type {
  AccessLevel,
  ContentObject,
  CurrentUser,
  DateTimePreference,
  NavigationConfig,
  OrgGroupUser,
  Tenant,
  ToolPreferences,
} from './globalStateTypes';

export type { CurrentUser, Tenant } from './globalStateTypes';

/**
 * SPEC §3 global state (signed in) and the client state holder, as atoms. Loaded by
 * `loadSignedInState` (./loadSignedInState.ts); every atom has SPEC §8's fall-back as its empty value.
 */
/** Only granted permissions are kept (SPEC §6). */
export const permissionsAtom = atom<ReadonlySet<string>>(new Set<string>());
export const currentUserAtom = atom<CurrentUser | null>(null);
export const currentTenantAtom = atom<Tenant | null>(null);
/** All tenants the user may switch to; null without TENANTS_LIST (SPEC §6). */
export const tenantsAtom = atom<readonly Tenant[] | null>(null);
export const settingsAtom = atom<DateTimePreference | null>(null);
export const accessLevelAtom = atom<AccessLevel | null>(null);
export const orgGroupUsersAtom = atom<readonly OrgGroupUser[]>([]);
/** Contract fall-back: legacy navigation on, the other flags off. */
export const defaultNavigationConfig: NavigationConfig = { showLegacyNavigation: true, newNavigationTenantPreference: false, newNavigationPreviewEnabled: false };
export const navigationConfigAtom = atom<NavigationConfig>(defaultNavigationConfig);
/** Text before the first | of the version answer; 0.0.0 when it fails (SPEC §7/§8). */
export const productVersionAtom = atom<string>('0.0.0');
/** The content object (License, CustomerSuccessKey, loginLogo, CommunityAppUrl, Attributes). */
export const contentAtom = atom<ContentObject | null>(null);
/** The user's tool preferences; null when the read failed (the modals that need them are skipped). */
export const toolPreferencesAtom = atom<ToolPreferences | null>(null);
/** Whether the member may choose a theme (SPEC §4); false when the theme call failed. */
export const themeEnabledAtom = atom<boolean>(false);
/** Where the shown state came from: the platform, or the last known copy (offline start). */
export const stateSourceAtom = atom<'network' | 'stored' | null>(null);

export function grantedPermissions(map: Record<string, boolean> | null): Set<string> {
  return new Set(Object.entries(map ?? {}).filter(([, granted]) => granted === true).map(([name]) => name));
}

// Defined beside the claims: the pre-paint (firstPaint/page) checks it before the state modules load.
export { memberScopeKey, userTenantKey } from '../../session/core/claims';

/** Logoff: nothing of the signed-out member stays in memory. */
export function clearSignedInState(): void {
  appStore.set(permissionsAtom, new Set<string>());
  appStore.set(currentUserAtom, null);
  appStore.set(currentTenantAtom, null);
  appStore.set(tenantsAtom, null);
  appStore.set(settingsAtom, null);
  appStore.set(accessLevelAtom, null);
  appStore.set(orgGroupUsersAtom, []);
  appStore.set(navigationConfigAtom, defaultNavigationConfig);
  appStore.set(productVersionAtom, '0.0.0');
  appStore.set(contentAtom, null);
  appStore.set(toolPreferencesAtom, null);
  appStore.set(themeEnabledAtom, false);
  appStore.set(stateSourceAtom, null);
  appStore.set(loadedScopeAtom, null);
}
