import { isExpired, parseAccessClaims } from './claims';
import { exclusively } from '../../core/exclusively';
import { readAuthClientSettings } from './loginEndpoints';
import { deleteKv, readAccessToken, readKv, readStoredAuth, replaceAuthIfCurrent, sessionKeys, writeKv } from './sessionDb';
import { discardTokens, logoutAtPlatform } from './discardTokens';
import { readProofKey } from './proofKey';
import { forgetStored } from '../../core/inventory/forgetStored';
import { broadcast } from './sessionChannel';
import { requestToken, tokenTimeoutMs } from './tokenClient';
import { storedRefreshToken } from './tokenAnswer';
import { reportReachable } from '../../pipeline/core/connectivity';
import { locks } from '../../core/protocol';

/**
 * SPEC §4 "only one refresh runs at a time; other callers wait and then reuse the stored auth",
 * across every tab and the service worker: the refresh runs under one Web Lock, and a caller that
 * got the lock after someone else refreshed reuses the newer stored token instead of refreshing.
 */
export type RefreshOutcome =
  | 'refreshed' // this call got new tokens
  | 'reused' // another context refreshed meanwhile; the stored token is newer than the failed one
  | 'refused' // the token endpoint refused (400/401) or answered off the contract: the session is over
  | 'unreachable' // no answer (network, timeout, 5xx): the session stays, try again later
  | 'no-session'; // nothing to refresh

/** Custom refresh parameters (SPEC §6/§7): switching tenant, organisation group, organisation or role. */
export interface RefreshParams {
  tenant_id?: string;
  orggroup_id?: string;
  organization_id?: string;
  role_id?: string;
  switchRole?: 'true';
  context?: string;
  contextVersion?: string;
}

export interface RefreshRequest {
  /** The access token a call was refused with; if the stored one differs and is valid, reuse it. */
  failedToken?: string | null;
  params?: RefreshParams;
  /** Skip (as 'reused') when any context refreshed within this many ms: auto refresh uses it. */
  unlessRefreshedWithinMs?: number;
}

const lockName = locks.refresh;

/**
 * A refresh token that was sent by a context which went away before the answer came (a tab
 * reloaded or closed mid-refresh, the browser quit, the grant given up at its time limit): the
 * platform may well have redeemed it, and the new tokens died with that context. Kept as a digest
 * (never the token itself) with the time it was sent, outside sessionKeys (no store-changed
 * broadcast); set before the grant is sent and deleted once that context learns the token was not
 * redeemed or the new tokens are stored. What the next refresh does on finding it is
 * `onUnheardGrant`.
 */
export const refreshInFlightKey = 'refreshInFlight';

export interface UnheardGrant {
  digest: string;
  /** When it was sent (ms, this browser's clock). */
  sentAt: number;
}

function isUnheardGrant(value: unknown): value is UnheardGrant {
  const v = value as Partial<UnheardGrant> | null;
  return typeof v?.digest === 'string' && typeof v.sentAt === 'number';
}

/** The platform's own grace (contract "Refresh grace") when the settings name none. */
export const defaultRefreshGraceSeconds = 60;
/**
 * Kept off the end of the grace: the time the repeat takes to reach the platform, which counts
 * the grace from when it received the first grant (later than this browser sent it).
 */
export const graceMarginMs = 5_000;

/**
 * A grant sent and never heard is presented again while the platform still answers it with the
 * same successor pair (within its refresh grace): 'present-again'. Past the grace, or on a
 * platform without one, presenting it again would be reuse, which revokes the session at the
 * platform, so the session ends here instead: 'end-session'.
 */
export function onUnheardGrant(grant: UnheardGrant, graceSeconds: number, now: number): 'present-again' | 'end-session' {
  const age = now - grant.sentAt;
  return graceSeconds > 0 && age >= 0 && age < graceSeconds * 1000 - graceMarginMs ? 'present-again' : 'end-session';
}

/**
 * A refresh grant is sent once and then heard out for this long, well past the 20 s in which its
 * caller hears "unanswered": the platform may redeem the token however late its answer comes, and a
 * late answer that is dropped loses the session (the token it replaced is spent). Bounded, so a
 * token endpoint that never answers holds the refresh lock for a minute at most.
 */
export const refreshGrantLimitMs = 60_000;

async function digest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The refresh token is spent or revoked, or its fate is unknown: nothing can bring this session
 * back. While the stored access token is still valid the platform's session is logged out with it
 * first: a refusal may mean someone else redeemed a copy of the refresh token, and their session
 * must end with the member's.
 */
export async function endSession(): Promise<'refused'> {
  const [auth, token, proofKey] = await Promise.all([readStoredAuth(), readAccessToken(), readProofKey()]);
  if (token && !isExpired(parseAccessClaims(token))) await logoutAtPlatform(token, auth?.tokenType ?? 'Bearer', proofKey);
  // Tokens first: whatever else fails, the session is gone. Then every copy of the member the
  // inventory says a session's end takes (none of it needs a tab: with none open, this is all).
  await deleteKv(sessionKeys.auth);
  await deleteKv(sessionKeys.accessToken);
  await deleteKv(sessionKeys.proofKey);
  await forgetStored('forced');
  broadcast({ type: 'logoff', redirect: '/auth', ended: 'refused' });
  return 'refused';
}

/**
 * Refreshes (or reuses another context's refresh). Every caller hears within 20 s (SPEC §9): a
 * grant still unanswered then goes on without it, holding the lock, so its answer is still stored
 * when it comes and the token it presented is never presented again meanwhile. A caller that gave
 * up while waiting for the lock sends nothing.
 */
export function refreshSession(request: RefreshRequest = {}): Promise<RefreshOutcome> {
  return new Promise<RefreshOutcome>((resolve, reject) => {
    let heard = false;
    const hear = (settle: () => void) => {
      if (heard) return;
      heard = true;
      clearTimeout(deadline);
      settle();
    };
    const deadline = setTimeout(() => {
      reportReachable(false, { silent: true });
      hear(() => resolve('unreachable'));
    }, tokenTimeoutMs);
    exclusively(lockName, () => (heard ? Promise.resolve<RefreshOutcome>('unreachable') : refreshLocked(request))).then(
      (outcome) => hear(() => resolve(outcome)),
      (error: unknown) => hear(() => reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

async function refreshLocked(request: RefreshRequest): Promise<RefreshOutcome> {
  const auth = await readStoredAuth();
  if (!auth) return 'no-session';
  const stored = await readAccessToken();
  if (request.unlessRefreshedWithinMs !== undefined) {
    const at = await readKv(sessionKeys.refreshedAt, (v): v is number => typeof v === 'number');
    if (at !== null && Date.now() - at < request.unlessRefreshedWithinMs && !isExpired(parseAccessClaims(stored))) return 'reused';
  }
  if (!request.params && request.failedToken !== undefined && stored && stored !== request.failedToken) {
    if (!isExpired(parseAccessClaims(stored))) return 'reused';
  }
  // Offline, the grant cannot reach the platform: no attempt, so no in-flight mark a reload
  // could leave behind (it would end a session whose token was never sent).
  if (globalThis.navigator?.onLine === false) {
    reportReachable(false);
    return 'unreachable';
  }
  const presented = await digest(auth.refresh_token);
  const client = await readAuthClientSettings();
  const unheard = await readKv(refreshInFlightKey, isUnheardGrant);
  // The first send's time stays on the mark when the grant is presented again: the grace counts
  // from the platform's first use of the token.
  let sentAt = Date.now();
  if (unheard?.digest === presented) {
    if (onUnheardGrant(unheard, client.refreshGraceSeconds ?? defaultRefreshGraceSeconds, Date.now()) === 'end-session') {
      await deleteKv(refreshInFlightKey);
      // A refresh that cannot be made ends the session as a refused one does, reported alike.
      broadcast({ type: 'refresh-failed', reason: 'refused' });
      return endSession();
    }
    sentAt = unheard.sentAt;
  }
  // A DPoP session's refresh token is bound to its key: without the key no refresh can be proven,
  // and the session ends with a clean sign-in (never a loop of refused grants).
  const proofKey = auth.tokenType === 'DPoP' ? await readProofKey() : null;
  if (auth.tokenType === 'DPoP' && !proofKey) {
    broadcast({ type: 'refresh-failed', reason: 'refused' });
    return endSession();
  }
  await writeKv(refreshInFlightKey, { digest: presented, sentAt } satisfies UnheardGrant);
  // SPEC §9: a token call past 20 s is the login client's silent_refresh_timeout, in every tab; the
  // grant is still heard out (refreshGrantLimitMs).
  const late = setTimeout(() => broadcast({ type: 'refresh-timeout' }), tokenTimeoutMs);
  const result = await requestToken(
    { grant_type: 'refresh_token', refresh_token: auth.refresh_token, client_id: client.clientId, ...request.params },
    client.tokenEndpoint,
    { timeoutMs: refreshGrantLimitMs, proofKey, oidc: client.oidc === true },
  ).finally(() => clearTimeout(late));
  if (!result.ok) {
    // This context heard the outcome: unanswered (retried later, as ever) or the session ends here.
    // A grant given up after it was sent may have been redeemed: its mark stays, so the next
    // refresh anywhere presents it again within the grace, or ends the session past it.
    if (!(result.reason === 'unreachable' && result.givenUp)) await deleteKv(refreshInFlightKey);
    // Contract fall-back table: a failed refresh is the login client's token_refresh_error, in every tab.
    broadcast({ type: 'refresh-failed', reason: result.reason === 'unreachable' ? 'unreachable' : 'refused' });
    if (result.reason === 'unreachable') {
      reportReachable(false, { silent: result.givenUp === true });
      return 'unreachable';
    }
    // A refused switch (a tenant or role this user cannot use) leaves the session as it was.
    if (request.params) return 'refused';
    // The refresh token is spent or revoked, or the platform answered with tokens nobody can read
    // (SPEC §4: a failed refresh ends the session).
    return endSession();
  }
  const claims = parseAccessClaims(result.tokens.access_token);
  if (!claims) return 'unreachable';
  const kept = await replaceAuthIfCurrent(
    auth.refresh_token,
    {
      auth: { tenantGuid: claims.tenantGuid, orgGroupGuid: claims.orgGroupGuid, ...storedRefreshToken(result.tokens), tokenType: result.kind },
      accessToken: result.tokens.access_token,
      refreshedAt: Date.now(),
    },
    // After the new auth is stored (same transaction): a context dying in between leaves a digest nothing matches.
    [refreshInFlightKey],
  );
  reportReachable(true);
  if (!kept) {
    // The session this grant was for ended while it was on its way (a sign-out, another member's
    // sign-in): its answer must not bring it back. The new tokens are ended at the platform too.
    await deleteKv(refreshInFlightKey);
    await discardTokens(result, client);
    return 'no-session';
  }
  broadcast({ type: 'session-changed' });
  return 'refreshed';
}
