import { forgetMemberHistory } from '../history/historyStore';
import { discardMemberWrites } from '../../core/outbox/replayOutbox';
import { clearLastKnownState } from '../state/lastKnownState';
import { clearOrgTree } from '../orgTree/orgTreeService';

export { resetBranding } from '../branding/brandingStartup';

/** Sign-out: the copies kept for an offline start (state, organisation tree) are deleted. */
export async function forgetSignedInCopies(): Promise<void> {
  await Promise.all([clearLastKnownState(), clearOrgTree().catch(() => undefined)]);
}

/** An explicit sign-out: the member's browsing history and their writes still on this device go. */
export async function forgetMember(userGuid: string): Promise<void> {
  forgetMemberHistory(userGuid);
  await discardMemberWrites(userGuid).catch(() => 0);
}
