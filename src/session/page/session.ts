import { parseAccessClaims } from '../core/claims';
import { deleteKv, sessionKeys, writeKv } from '../core/sessionDb';
import type { GrantedTokens } from '../core/tokenClient';
import { storedRefreshToken } from '../core/tokenAnswer';
import { storageKeys } from '../../lib/storage/keys';
import { readTab, removeLocal, removeTab, writeLocal } from '../../lib/storage/localStore';
import { safeReturnPath } from './returnUrl';
import { broadcast } from '../core/sessionChannel';
import { clearLoggingOff } from './logoffState';

/** SPEC §4: signing in stores the auth object, tenant and last login email and clears the timed-out flag. */
export async function storeSignIn({ tokens, kind, proofKey }: GrantedTokens, email: string): Promise<void> {
  const claims = parseAccessClaims(tokens.access_token);
  if (!claims) throw new Error('The platform sent an access token without readable claims');
  if (kind === 'DPoP' && !proofKey) throw new Error('A DPoP sign-in without its key');
  // The key first: a context that sees the new session can sign for it at once. A Bearer session
  // keeps none (a previous session's key would only be a stale key).
  if (kind === 'DPoP' && proofKey) await writeKv(sessionKeys.proofKey, proofKey);
  else await deleteKv(sessionKeys.proofKey);
  await writeKv(sessionKeys.auth, {
    tenantGuid: claims.tenantGuid,
    orgGroupGuid: claims.orgGroupGuid,
    ...storedRefreshToken(tokens),
    tokenType: kind,
  });
  await writeKv(sessionKeys.accessToken, tokens.access_token);
  // Tokens this fresh need no refresh: the auto refresh's first run (3 s on) keeps them and its
  // cadence starts here. A grant right after signing in bought nothing, and a reload while it was
  // on its way ended the session (the refresh token it presented may have been redeemed).
  await writeKv(sessionKeys.refreshedAt, Date.now());
  // OIDC: the ID token names this session at the provider's sign-out (id_token_hint).
  if (tokens.id_token) await writeKv(sessionKeys.idToken, tokens.id_token);
  else await deleteKv(sessionKeys.idToken);
  writeLocal(storageKeys.tenant, claims.tenantGuid);
  writeLocal(storageKeys.lastLoginEmail, email);
  removeLocal(storageKeys.timedOut);
  clearLoggingOff();
  // A new sign-in starts a new idle window (the old activity time may be long past).
  writeLocal(storageKeys.lastActivity, String(Date.now()));
  broadcast({ type: 'session-changed' });
}

/** Where to go after sign-in: the saved return URL if it is a safe same-origin path, else the host. */
export function takeReturnPath(fallback: string): string {
  const saved = safeReturnPath(readTab(storageKeys.returnUrl), globalThis.location.origin);
  removeTab(storageKeys.returnUrl);
  return saved ?? fallback;
}
