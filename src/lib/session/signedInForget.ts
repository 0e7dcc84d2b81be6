import { clearLastKnownState } from '../state/lastKnownState';
import { clearOrgTree } from '../orgTree/orgTreeService';

export { resetBranding } from '../branding/brandingStartup';

/** Sign-out: the copies kept for an offline start (state, organisation tree) are deleted. */
export async function forgetSignedInCopies(): Promise<void> {
  await Promise.all([clearLastKnownState(), clearOrgTree().catch(() => undefined)]);
}
