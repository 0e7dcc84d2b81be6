import { isExpired, parseAccessClaims } from '../core/claims';
import { readAccessToken } from '../core/sessionDb';
import { refreshSession } from '../core/refresh';
import { appStore } from '../../state/jotai';
import { loadSignedInState } from '../../startup/page/loadSignedInState';
import { sessionAtom } from './sessionAtoms';


/** How often an offline tab asks again (SPEC §9 status polling interval). */
export const recoveryPollMs = 5_000;

/**
 * One recovery attempt while the platform is unreachable: refresh an expired token (one refresh for
 * all tabs: the shared lock, and reuse of a newer stored token), then reload the signed-in state.
 * Those are real platform calls, so the pipeline itself reports when the platform answers again.
 */
// One attempt at a time in this tab: the network's return and the poll may both ask.
let recovering = false;

export async function tryRecover(): Promise<void> {
  if (recovering) return;
  recovering = true;
  try {
    await recover();
  } finally {
    recovering = false;
  }
}

async function recover(): Promise<void> {
  const token = await readAccessToken();
  if (isExpired(parseAccessClaims(token))) {
    const outcome = await refreshSession({ failedToken: token });
    if (outcome !== 'refreshed' && outcome !== 'reused') return;
  }
  await loadSignedInState(appStore.get(sessionAtom).claims);
}
