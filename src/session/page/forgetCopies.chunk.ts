import { forgetMemberHistory } from '../../lib/history/historyStore';
import { discardMemberWrites } from '../../outbox/core/replayOutbox';
import { contextIo } from '../../core/crossTab/contextIo';
import { clearOrgTree } from '../../lib/orgTree/orgTreeService';
import { forgetWarmUp } from '../../firstPaint/page/warmUp';

export { resetBranding } from '../../lib/branding/brandingStartup';

/**
 * Sign-out: what this tab still holds of the copies kept for a warm or offline start. Their stored
 * forms (state, the pre-painted chrome, organisation tree, the member's catalogues) go with the
 * inventory (core/inventory forgetStored); here the organisation tree in memory and the note of the
 * kept bar's fonts and stylesheets the next pre-paint would prepare.
 */
export async function forgetSignedInCopies(): Promise<void> {
  forgetWarmUp();
  await clearOrgTree().catch(() => undefined);
}

/** An explicit sign-out: the member's browsing history and their writes still on this device go. */
export async function forgetMember(userGuid: string): Promise<void> {
  forgetMemberHistory(userGuid);
  await discardMemberWrites(userGuid, contextIo()).catch(() => 0);
}
