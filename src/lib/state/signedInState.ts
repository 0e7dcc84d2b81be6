import * as z from 'zod/mini';
import { atom, appStore } from '../../state/jotai';
import { getValidated } from '../api/getValidated';
import { loadedScopeAtom } from '../session/sessionAtoms';
import type { AccessClaims } from '../../core/session/claims';

/**
 * The signed-in state the session core needs (permissions, current user, current tenant). Every
 * call validates its answer at the edge and takes SPEC §8's fall-back when it fails.
 */
const permissionMapSchema = z.record(z.string(), z.boolean());
const currentUserSchema = z.object({
  id: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  Email: z.string(),
  OrgGroupName: z.string(),
  CurrentTenant: z.string(),
});
const tenantSchema = z.looseObject({ Id: z.string(), Name: z.string() });

export type CurrentUser = z.infer<typeof currentUserSchema>;
export type Tenant = z.infer<typeof tenantSchema>;

/** Only granted permissions are kept (SPEC §6). */
export const permissionsAtom = atom<ReadonlySet<string>>(new Set<string>());
export const currentUserAtom = atom<CurrentUser | null>(null);
export const currentTenantAtom = atom<Tenant | null>(null);


export function grantedPermissions(map: Record<string, boolean> | null): Set<string> {
  return new Set(Object.entries(map ?? {}).filter(([, granted]) => granted === true).map(([name]) => name));
}

/** Logoff: nothing of the signed-out member stays in memory. */
export function clearSignedInState(): void {
  appStore.set(permissionsAtom, new Set<string>());
  appStore.set(currentUserAtom, null);
  appStore.set(currentTenantAtom, null);
  appStore.set(loadedScopeAtom, null);
}

export async function loadSignedInState(claims: AccessClaims | null): Promise<void> {
  const [permissions, user, tenant] = await Promise.all([
    getValidated('/api/access/v1/permissions', permissionMapSchema),
    getValidated('/api/access/v1/users/current/legacy', currentUserSchema),
    getValidated('/api/access/v1/tenants/current', tenantSchema),
  ]);
  // Offline, keep what this tab already knew rather than blanking the shell.
  if (permissions) appStore.set(permissionsAtom, grantedPermissions(permissions));
  if (user) appStore.set(currentUserAtom, user);
  if (tenant) appStore.set(currentTenantAtom, tenant);
  if (claims) appStore.set(loadedScopeAtom, { tenantGuid: claims.tenantGuid, orgGroupGuid: claims.orgGroupGuid });
}
