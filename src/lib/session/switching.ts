import { readClaims } from '../../core/session/sessionDb';
import { refreshSession, type RefreshParams } from '../../core/session/refresh';
import { broadcast } from '../../core/session/sessionChannel';
import { clearApiCaches } from '../../core/pipeline/apiCache';
import { storageKeys } from '../storage/keys';
import { writeLocal } from '../storage/localStore';

export type SwitchOutcome = 'tenant' | 'orggroup' | 'same-scope' | 'refused' | 'unreachable';

const storedClaims = async () => (await readClaims());

let leaving = false;
/** This tab made the switch and is already on its way to /landing (or reloading). */
export function isLeavingAfterSwitch(): boolean {
  return leaving;
}

/**
 * SPEC §2/§4 switching through the refresh parameters. A tenant switch tells every tab and goes to
 * /landing; an organisation-group-only switch reloads. Full page loads drop every piece of the old
 * tenant's state at once.
 */
export async function switchScope(params: RefreshParams): Promise<SwitchOutcome> {
  const before = await storedClaims();
  const outcome = await refreshSession({ params });
  if (outcome === 'refused' || outcome === 'no-session') return 'refused';
  if (outcome !== 'refreshed') return 'unreachable';
  const after = await storedClaims();
  if (!after) return 'refused';
  if (after.tenantGuid !== before?.tenantGuid) {
    writeLocal(storageKeys.tenant, after.tenantGuid);
    // The old tenant's cached answers go before any tab loads the new one.
    await clearApiCaches();
    leaving = true;
    broadcast({ type: 'tenant-switched', tenantGuid: after.tenantGuid });
    location.assign('/landing');
    return 'tenant';
  }
  if (after.orgGroupGuid !== before?.orgGroupGuid) {
    leaving = true;
    broadcast({ type: 'orggroup-switched', orgGroupGuid: after.orgGroupGuid });
    location.reload();
    return 'orggroup';
  }
  return 'same-scope';
}
