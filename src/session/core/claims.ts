import { jwtDecode } from 'jwt-decode';

/** Access-token claims as the shell reads them (contract AccessTokenClaims; unknown claims ignored). */
export interface AccessClaims {
  guid: string;
  email: string;
  authorities: string[];
  role: string;
  tenantGuid: string;
  orgGroupGuid: string;
  root: string;
  languageId: number;
  virtualRole: boolean;
  ptl?: string;
  /** The current organisation, when the platform names it (an unknown claim the contract allows). */
  org?: string;
  iat: number;
  exp: number;
}

export interface RefreshClaims {
  exp: number;
  iat?: number;
}

/** Largest exp we accept as seconds; a value in milliseconds (13 digits) is a malformed token. */
const maxSeconds = 1e11;

/**
 * Longest token we read (16 KiB, the usual server limit for a whole header block): a longer one
 * could never be sent as a bearer, so it is as good as no token, and decoding it would cost the
 * main thread for nothing.
 */
export const maxTokenLength = 16_384;

function decodeFresh(token: string): Record<string, unknown> | null {
  if (token.split('.').length !== 3) return null;
  try {
    const payload = jwtDecode<unknown>(token);
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The payloads of the last tokens read (only this module reads them, and never changes them). A
 * start read the same access token's claims some forty times (the pipeline, the session
 * snapshot, the atoms), at about a quarter of a millisecond each for jwt-decode's base64 step,
 * and a token's payload never changes. At most two: the access and the refresh token. A read
 * that finds no token (after a sign-out) empties them, so no member's claims stay behind.
 */
const recentPayloads = new Map<string, Record<string, unknown> | null>();

function decodePayload(token: unknown): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > maxTokenLength) {
    recentPayloads.clear();
    return null;
  }
  if (!recentPayloads.has(token)) {
    if (recentPayloads.size > 1) recentPayloads.clear();
    recentPayloads.set(token, decodeFresh(token));
  }
  return recentPayloads.get(token)!;
}

function isSeconds(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < maxSeconds;
}

/** SPEC §5: a token without three parts (or with an unreadable payload) gives null claims. */
export function parseAccessClaims(token: unknown): AccessClaims | null {
  const p = decodePayload(token);
  if (!p || !isSeconds(p.exp) || typeof p.guid !== 'string' || typeof p.tenantGuid !== 'string') return null;
  return {
    guid: p.guid,
    email: typeof p.email === 'string' ? p.email : '',
    authorities: Array.isArray(p.authorities) ? p.authorities.filter((a): a is string => typeof a === 'string') : [],
    role: typeof p.role === 'string' ? p.role : '',
    tenantGuid: p.tenantGuid,
    orgGroupGuid: typeof p.orgGroupGuid === 'string' ? p.orgGroupGuid : '',
    root: typeof p.root === 'string' ? p.root : '',
    languageId: typeof p.languageId === 'number' ? p.languageId : 0,
    virtualRole: p.virtualRole === true,
    ...(typeof p.ptl === 'string' ? { ptl: p.ptl } : {}),
    ...(typeof p.org === 'string' && p.org !== '' ? { org: p.org } : {}),
    iat: isSeconds(p.iat) ? p.iat : 0,
    exp: p.exp,
  };
}

/**
 * Whether an access token is bound to a key (RFC 9449 §6.1: its `cnf.jkt`): such a token is
 * presented only as DPoP with a proof, whatever a stored entry says of it (one being deleted as a
 * session ends, or corrupt), never as a bearer.
 */
export function isProofBound(token: unknown): boolean {
  const cnf = decodePayload(token)?.cnf;
  return typeof cnf === 'object' && cnf !== null && typeof (cnf as { jkt?: unknown }).jkt === 'string';
}

/** The member guid a refresh token names, when it names one (the contract does not promise it). */
export function refreshTokenGuid(token: unknown): string | null {
  if (!parseRefreshClaims(token)) return null;
  const guid = decodePayload(token)?.guid;
  return typeof guid === 'string' && guid !== '' ? guid : null;
}

export function parseRefreshClaims(token: unknown): RefreshClaims | null {
  const p = decodePayload(token);
  if (!p || !isSeconds(p.exp)) return null;
  return { exp: p.exp, ...(isSeconds(p.iat) ? { iat: p.iat } : {}) };
}

/**
 * When a stored refresh token expires (seconds): its own exp (the platform's JWT), else the expiry
 * its OIDC token answer gave (`refreshExpiresAt`), else never: an opaque token whose provider named
 * no lifetime has no limit the shell can know (SPEC §9's idle time then follows the app's settings).
 */
export function refreshExpiry(auth: { refresh_token: string; refreshExpiresAt?: number | null }): number {
  return parseRefreshClaims(auth.refresh_token)?.exp ?? auth.refreshExpiresAt ?? Number.POSITIVE_INFINITY;
}

/** The key of what SPEC §3 keeps per user and tenant: the browsing history. */
export function userTenantKey(claims: Pick<AccessClaims, 'guid' | 'tenantGuid'>): string {
  return `${claims.guid}:${claims.tenantGuid}`;
}

/** What a kept copy of the platform's answers belongs to: the member in one tenant, organisation group and role. */
export type MemberScope = Pick<AccessClaims, 'guid' | 'tenantGuid' | 'orgGroupGuid' | 'role'>;

/**
 * The key of every kept copy of what the platform answered a member (the last known state, the kept
 * top bar, the organisation tree, the brand): another tenant, organisation group or role sees other
 * users, permissions and organisations, so a copy is read back only under the very scope it was
 * kept for. Each part is encoded, so no two scopes share a key (a role name may hold a colon).
 */
export function memberScopeKey(scope: MemberScope): string {
  return [scope.guid, scope.tenantGuid, scope.orgGroupGuid, scope.role].map(encodeURIComponent).join(':');
}

/** SPEC §5: expiry is compared in seconds against now. */
export function isExpired(claims: { exp: number } | null, nowMs: number = Date.now()): boolean {
  if (!claims) return true;
  return claims.exp <= Math.floor(nowMs / 1000);
}
