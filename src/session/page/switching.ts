import { memberScopeKey } from '../core/claims';
import { readClaims } from '../core/sessionDb';
import { refreshSession, type RefreshParams } from '../core/refresh';
import { broadcast } from '../core/sessionChannel';
import { forgetStored } from '../../core/inventory/forgetStored';
import { storageKeys } from '../../lib/storage/keys';
import { writeLocal } from '../../lib/storage/localStore';
import { forgetLocalAtSwitch } from '../../lib/storage/forgetLocal';

export type SwitchOutcome = 'tenant' | 'orggroup' | 'role' | 'same-scope' | 'refused' | 'unreachable';

const storedClaims = async () => (await readClaims());

let leaving = false;
/** This tab made the switch and is already on its way to /landing (or reloading). */
export function isLeavingAfterSwitch(): boolean {
  return leaving;
}

/**
 * SPEC §2/§4 switching through the refresh parameters. A tenant switch tells every tab and goes to
 * /landing; an organisation-group or role switch tells every tab (one message, naming both) and
 * reloads. Full page loads
 * drop every piece of the old scope's state in memory at once; what the old scope kept on the device
 * (its last known state, tree, brand, top bar, API answers, business screens' keys: the inventory's
 * `member-scope` entries) goes first, before any tab loads the new scope.
 */
export async function switchScope(params: RefreshParams): Promise<SwitchOutcome> {
  const before = await storedClaims();
  const outcome = await refreshSession({ params });
  if (outcome === 'refused' || outcome === 'no-session') return 'refused';
  if (outcome !== 'refreshed') return 'unreachable';
  const after = await storedClaims();
  if (!after) return 'refused';
  if (!before || memberScopeKey(before) !== memberScopeKey(after)) {
    forgetLocalAtSwitch();
    await forgetStored('switch');
  }
  if (after.tenantGuid !== before?.tenantGuid) {
    writeLocal(storageKeys.tenant, after.tenantGuid);
    leaving = true;
    broadcast({ type: 'tenant-switched', tenantGuid: after.tenantGuid });
    location.assign('/landing');
    return 'tenant';
  }
  const groupChanged = after.orgGroupGuid !== before?.orgGroupGuid;
  if (groupChanged || after.role !== before?.role) {
    // The new group's or role's permissions and state load with the page, in every tab.
    leaving = true;
    broadcast({ type: 'orggroup-switched', orgGroupGuid: after.orgGroupGuid, role: after.role });
    location.reload();
    return groupChanged ? 'orggroup' : 'role';
  }
  return 'same-scope';
}
