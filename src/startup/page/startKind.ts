import { isExpired, memberScopeKey, refreshExpiry, type AccessClaims } from '../../session/core/claims';
import { isLive } from '../../session/core/liveSession';
import { readClaims, readKv, readStoredAuth } from '../../session/core/sessionDb';

/** The kv entry of the last known signed-in state (lastKnownState.ts reads and writes it whole). */
export const lastKnownStateKey = 'lastKnownState';

const hasScopeKey = (v: unknown): v is { scopeKey: string } =>
  typeof v === 'object' && v !== null && typeof (v as { scopeKey?: unknown }).scopeKey === 'string';

export interface StartKind {
  /** A session is stored: the signed-in route's code is worth fetching at once. */
  signedIn: boolean;
  /**
   * A live session (a valid access token, or an expired one whose refresh token is still valid)
   * and a last known copy of the same scope (member, tenant, organisation group, role): the signed-in shell paints from the
   * device before any platform answer, the token refresh included, so no loading display is shown.
   */
  warm: boolean;
}

let warm = false;

/**
 * What this page start can paint without the network, from IndexedDB only. Only the copy's key is
 * read here (the page's first code carries no state schemas); the main guard checks the copy whole
 * and, should it be unreadable after all, loads from the platform as on a cold start.
 */
export async function detectStart(): Promise<StartKind> {
  const [auth, claims] = await Promise.all([readStoredAuth(), readClaims()]);
  warm = isLive(auth, claims) && (await hasCopyOf(claims));
  return { signedIn: auth !== null, warm };
}

/** A last known copy of this member, tenant, organisation group and role is kept (its key only). */
async function hasCopyOf(claims: AccessClaims): Promise<boolean> {
  return (await readKv(lastKnownStateKey, hasScopeKey))?.scopeKey === memberScopeKey(claims);
}

/**
 * The access token has expired but this member's last known copy can paint: the refresh then runs
 * behind the painted shell (a returning member's access token has usually expired: it lives
 * 15 minutes). Checked again by the main guard, since a later sign-in in this page is no warm start;
 * with a valid token (the usual guard run) it reads nothing more than the token.
 */
export async function canRefreshBehind(): Promise<boolean> {
  const claims = await readClaims();
  if (!claims || !isExpired(claims)) return false;
  const auth = await readStoredAuth();
  return auth !== null && !isExpired({ exp: refreshExpiry(auth) }) && (await hasCopyOf(claims));
}

/** This page started warm (see detectStart). */
export function isWarmStart(): boolean {
  return warm;
}
