import { forgetMemberHistory } from '../history/historyStore';
import { discardMemberWrites } from '../../core/outbox/replayOutbox';
import { clearLastKnownState } from '../state/lastKnownState';
import { clearOrgTree } from '../orgTree/orgTreeService';
import { clearSignedInTranslations } from '../i18n/tenantTranslations';
import { clearChromeSnapshot } from '../prepaint/keepChrome';

export { resetBranding } from '../branding/brandingStartup';

/** Sign-out: the copies kept for a warm or offline start (state, the pre-painted chrome, organisation tree, the member's catalogues) are deleted. */
export async function forgetSignedInCopies(): Promise<void> {
  await Promise.all([clearLastKnownState(), clearChromeSnapshot(), clearOrgTree().catch(() => undefined), clearSignedInTranslations()]);
}

/** An explicit sign-out: the member's browsing history and their writes still on this device go. */
export async function forgetMember(userGuid: string): Promise<void> {
  forgetMemberHistory(userGuid);
  await discardMemberWrites(userGuid).catch(() => 0);
}
