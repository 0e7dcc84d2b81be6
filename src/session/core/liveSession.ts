import { isExpired, refreshExpiry, type AccessClaims } from './claims';
import type { StoredAuth } from './sessionDb';

/**
 * A live session: a valid access token, or an expired one whose refresh token is still valid. The
 * one condition for painting anything of a member before the platform has answered (the warm
 * start, startup/page/startKind, and the pre-paint of the kept chrome, firstPaint/core).
 */
export function isLive(auth: StoredAuth | null, claims: AccessClaims | null, nowMs: number = Date.now()): claims is AccessClaims {
  return auth !== null && claims !== null && (!isExpired(claims, nowMs) || !isExpired({ exp: refreshExpiry(auth) }, nowMs));
}
