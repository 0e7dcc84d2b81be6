import { atom, appStore } from '../../state/jotai';
import { connectedState, type ConnectionState } from './connectionStatus';
import { parseAccessClaims, parseRefreshClaims, type AccessClaims, type RefreshClaims } from '../core/claims';
import { readAccessToken, readStoredAuth, type StoredAuth } from '../core/sessionDb';

/** The stored refresh session and access token, as stored. */
export type StoredSession = readonly [auth: StoredAuth | null, accessToken: string | null];

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


/** The stored session's two entries, read in one round (independent reads, asked together). */
export function readStoredSession(): Promise<StoredSession> {
  return Promise.all([readStoredAuth(), readAccessToken()]);
}

/**
 * Re-reads the stored session into the atoms (at start and whenever any context changes it).
 * `justRead`: the entries a caller read a moment ago with nothing written since, taken instead of
 * reading them again (the start's guard: one round of IndexedDB reads fewer before the chrome).
 */
export async function syncSessionFromStorage(justRead?: StoredSession): Promise<SessionState> {
  const [auth, token] = justRead ?? (await readStoredSession());
  const claims = parseAccessClaims(token);
  const state: SessionState = auth
    ? { isLoggedIn: true, claims, refreshClaims: parseRefreshClaims(auth.refresh_token), userName: claims?.email ?? '' }
    : signedOutSession;
  appStore.set(sessionAtom, state);
  return state;
}
