/**
 * Signing in again over the page (issue 48 item 5). When the platform ends a session while the
 * page holds unsaved work or queued writes, the page stays and the member signs in again on it
 * (`session/screens/ReSignInDialog.chunk`); the rules are `reSignInRules.ts`. Loaded only when a session
 * ends: `sessionSync` asks `keepPageForReSignIn` before following a logoff to the sign-in page.
 */
import { appStore } from '../../state/jotai';
import { reSignInAtom } from './reSignInState';
import { parseAccessClaims } from '../core/claims';
import { readClaims } from '../core/sessionDb';
import { listWrites } from '../../outbox/core/outboxStore';
import type { GrantedTokens } from '../core/tokenClient';
import { discardTokens } from '../core/discardTokens';
import { readAuthClientSettings } from '../core/loginEndpoints';
import { paths } from '../../config/paths';
import { hasUnsavedWork } from '../../lib/forms/unsavedWork';
import { storageKeys } from '../../lib/storage/keys';
import { readLocal } from '../../lib/storage/localStore';
import { sessionAtom } from './sessionAtoms';
import { saveReturnUrl } from './logoffState';
import { afterReSignIn, afterSessionEnd, type Member } from './reSignInRules';


async function queuedWritesOf(member: Member): Promise<number> {
  try {
    return (await listWrites()).filter((w) => w.userGuid === member.guid && w.tenantGuid === member.tenantGuid).length;
  } catch {
    return 0;
  }
}

/**
 * The session is gone (its tokens deleted). True when the page stays for its member to sign in
 * again over it; false when the tab should go to the sign-in page as ever.
 */
export async function keepPageForReSignIn(ended: 'refused' | undefined): Promise<boolean> {
  if (appStore.get(reSignInAtom)) return true;
  // The claims the page was shown with: the stored ones are already gone.
  const claims = appStore.get(sessionAtom).claims;
  const member = claims ? { guid: claims.guid, tenantGuid: claims.tenantGuid } : null;
  const queuedWrites = member ? await queuedWritesOf(member) : 0;
  const decision = afterSessionEnd({ ending: ended ?? 'signed-out', unsavedWork: hasUnsavedWork(), queuedWrites, member });
  if (decision !== 'sign-in-in-place' || !member) return false;
  appStore.set(reSignInAtom, { member, email: readLocal(storageKeys.lastLoginEmail) ?? claims?.email ?? '' });
  return true;
}

export type ReSignInOutcome = 'continued' | 'clean-start' | 'another-member' | 'failed';

/**
 * A grant from the dialog or the popup. The page's member continues where they were, with their
 * queue sent; another member signing in through the dialog gets a clean shell (the first member's
 * queue and drafts stay theirs, never sent or shown for anyone else); a popup that came back for
 * someone else changes nothing.
 */
export async function completeReSignIn(granted: GrantedTokens, email: string, via: 'dialog' | 'popup'): Promise<ReSignInOutcome> {
  const waiting = appStore.get(reSignInAtom);
  const claims = parseAccessClaims(granted.tokens.access_token);
  const decision = waiting && claims ? afterReSignIn(waiting.member, { guid: claims.guid, tenantGuid: claims.tenantGuid }, via) : 'refuse';
  if (decision === 'refuse') {
    // Nobody here will use them: their platform session is ended and the refresh token revoked,
    // so another member's sign-in in the popup does not outlive it on this device.
    void readAuthClientSettings()
      .then((client) => discardTokens(granted, client))
      .catch(() => undefined);
    return 'another-member';
  }
  const { storeSignIn } = await import('./session');
  if (decision === 'clean-start') {
    // What the first member's session left in this browser goes as at any forced end; then a fresh start.
    const { clearLocalSession } = await import('./logoff');
    await clearLocalSession({ keepDrafts: true });
    await storeSignIn(granted, email);
    window.location.assign(paths.mfeHost);
    return 'clean-start';
  }
  // Closed first: the sign-in's own broadcast then finds nothing waiting here (followSignInElsewhere).
  appStore.set(reSignInAtom, null);
  try {
    await storeSignIn(granted, email);
  } catch {
    appStore.set(reSignInAtom, waiting);
    return 'failed';
  }
  const { replaySoon } = await import('../../outbox/page/outboxState');
  replaySoon();
  return 'continued';
}

/**
 * Another tab signed in meanwhile: the page's member continues here too; anyone else's session
 * means this page, the first member's, starts clean.
 */
export async function followSignInElsewhere(): Promise<void> {
  const waiting = appStore.get(reSignInAtom);
  const claims = await readClaims();
  if (!waiting || !claims) return;
  if (claims.guid === waiting.member.guid && claims.tenantGuid === waiting.member.tenantGuid) {
    appStore.set(reSignInAtom, null);
    const { replaySoon } = await import('../../outbox/page/outboxState');
    replaySoon();
  } else {
    window.location.assign(paths.mfeHost);
  }
}

/** The member gives up on the page: to the sign-in page as any ended session goes, keeping their place. */
export async function leaveForSignIn(): Promise<void> {
  const { clearLocalSession } = await import('./logoff');
  await clearLocalSession({ keepDrafts: true });
  saveReturnUrl();
  appStore.set(reSignInAtom, null);
  window.location.assign(paths.auth);
}
