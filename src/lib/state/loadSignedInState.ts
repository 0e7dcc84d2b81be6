import * as z from 'zod/mini';
import { appStore } from '../../state/jotai';
import { getValidated } from '../api/getValidated';
import { loadedScopeAtom } from '../session/sessionAtoms';
import type { AccessClaims } from '../../core/session/claims';
import { currentTenantAtom, currentUserAtom, grantedPermissions, permissionsAtom } from './signedInState';
import { currentUserSchema, tenantSchema } from './globalStateTypes';

// TEMPORARY (issue 5 in progress): the session core's three calls; replaced by the global-state loader.
export async function loadSignedInState(claims: AccessClaims | null): Promise<void> {
  const [permissions, user, tenant] = await Promise.all([
    getValidated('/api/access/v1/permissions', z.record(z.string(), z.boolean())),
    getValidated('/api/access/v1/users/current/legacy', currentUserSchema),
    getValidated('/api/access/v1/tenants/current', tenantSchema),
  ]);
  if (permissions) appStore.set(permissionsAtom, grantedPermissions(permissions));
  if (user) appStore.set(currentUserAtom, user);
  if (tenant) appStore.set(currentTenantAtom, tenant);
  if (claims) appStore.set(loadedScopeAtom, { tenantGuid: claims.tenantGuid, orgGroupGuid: claims.orgGroupGuid });
}
