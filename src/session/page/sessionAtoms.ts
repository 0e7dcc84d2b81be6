import { atom, appStore } from '../../state/jotai';
import { connectedState, type ConnectionState } from './connectionStatus';
import { parseAccessClaims, parseRefreshClaims, type AccessClaims, type RefreshClaims } from '../core/claims';
import { readAccessToken, readStoredAuth } from '../core/sessionDb';

/** SPEC §3 session state, mirrored from IndexedDB into every tab. */
export interface SessionState {
  isLoggedIn: boolean;
  claims: AccessClaims | null;
  refreshClaims: RefreshClaims | null;
  userName: string;
}

export const signedOutSession: SessionState = { isLoggedIn: false, claims: null, refreshClaims: null, userName: '' };

export const sessionAtom = atom<SessionState>(signedOutSession);

/** SPEC §3: the refresh-token-in-progress flag shared across the page. */
export const refreshInProgressAtom = atom(false);

/**
 * The tenant, organisation group and role whose data this tab has loaded, and that scope's key
 * (`claims` `memberScopeKey`: what the screen shows is kept under it). A switch elsewhere is
 * compared with this, not with the (already refreshed) stored token.
 */
export const loadedScopeAtom = atom<{ tenantGuid: string; orgGroupGuid: string; role: string; scopeKey: string } | null>(null);

/** Whether the platform answered the last time we asked, and if not, whether it refused or stayed silent. */
export const connectionAtom = atom<ConnectionState>(connectedState);

/** Whether the platform answered the last time we asked (the shell says when it is offline). */
export const platformReachableAtom = atom((get) => get(connectionAtom).reachable);


/** Re-reads the stored session into the atoms (at start and whenever any context changes it). */
export async function syncSessionFromStorage(): Promise<SessionState> {
  const auth = await readStoredAuth();
  const token = await readAccessToken();
  const claims = parseAccessClaims(token);
  const state: SessionState = auth
    ? { isLoggedIn: true, claims, refreshClaims: parseRefreshClaims(auth.refresh_token), userName: claims?.email ?? '' }
    : signedOutSession;
  appStore.set(sessionAtom, state);
  return state;
}
