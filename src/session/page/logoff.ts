import { isExpired, parseAccessClaims, refreshTokenGuid } from '../core/claims';
import { readAuthClientSettings } from '../core/loginEndpoints';
import { type AuthClientSettings, deleteKv, readAccessToken, readClaims, readKv, readStoredAuth, sessionKeys } from '../core/sessionDb';
import { revokeToken } from '../core/discardTokens';
import { emitLoginEvent } from '../../lib/auth/loginEvents';
import { broadcast } from '../core/sessionChannel';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { forgetStored } from '../../core/inventory/forgetStored';
import { forgetLocal } from '../../lib/storage/forgetLocal';
import { clearDrafts } from '../../lib/forms/formDraft';
import { storageKeys } from '../../lib/storage/keys';
import { readLocal, writeLocal } from '../../lib/storage/localStore';
import { lookupSamlUserType, samlLogoutPath } from './samlUserType';
import { appStore } from '../../state/jotai';
import { sessionAtom, signedOutSession } from './sessionAtoms';
import { clearSignedInState } from '../../lib/state/signedInState';
import { clearWaitingWrites } from '../../outbox/page/appBadge';



export { clearLoggingOff, isLoggingOff, markLoggingOff, saveReturnUrl } from './logoffState';
import { markLoggingOff, saveReturnUrl } from './logoffState';

const isString = (v: unknown): v is string => typeof v === 'string';

/** Whose session this is: the access token's member, else the stored refresh token's (when it says). */
async function signedInMemberGuid(): Promise<string | null> {
  const fromAccess = (await readClaims())?.guid;
  if (fromAccess) return fromAccess;
  const auth = await readStoredAuth();
  return auth ? (refreshTokenGuid(auth.refresh_token) ?? null) : null;
}


/**
 * Everything this browser knows about the session, gone: storage, atoms and cached API answers.
 * Form drafts go too, unless the session timed out: then the member's unsent input waits for
 * their next sign-in (drafts are kept per member and tenant, never offered to anyone else).
 * `member` names whose writes and history an explicit sign-out discards; without it, the stored session's.
 */
export async function clearLocalSession(options: { keepDrafts?: boolean; member?: string | null } = {}): Promise<void> {
  // Loaded here, not up front: the sign-in page's code never needs it.
  const forget = await import('./forgetCopies.chunk').catch(() => null);
  if (!options.keepDrafts) {
    // An explicit sign-out: nothing of the member's stays on the device but the language choice
    // and the last e-mail (SPEC §3): drafts, waiting writes (contact details among them) and
    // browsing history go. A forced one keeps drafts and writes for the same member's return.
    clearDrafts();
    const member = options.member ?? (await signedInMemberGuid());
    if (member) await forget?.forgetMember(member);
  }
  clearWaitingWrites();
  const ending = options.keepDrafts ? 'forced' : 'explicit';
  // What goes is the inventory's (core/inventory): the tokens, the ID token, the DPoP key, the
  // member's copies in IndexedDB and Cache Storage, their keys under the product prefix (a remote's
  // too); this tab's session storage but its return URL, which signing in again needs.
  await deleteKv(sessionKeys.auth);
  await deleteKv(sessionKeys.accessToken);
  await forgetStored(ending);
  forgetLocal(ending);
  // The member's last known state, organisation tree and brand go too: nothing of theirs outlives sign-out.
  await forget?.forgetSignedInCopies();
  appStore.set(sessionAtom, signedOutSession);
  clearSignedInState();
  forget?.resetBranding();
}

/**
 * SPEC §4 logoff: server logout while the access token is still valid (errors ignored), clear the
 * session, keep the return URL, tell every tab, and go to /auth or the SAML logout path.
 * Returns where the browser is going.
 */
export async function logoff(options: { returnUrl?: string | null; keepDrafts?: boolean } = {}): Promise<string> {
  markLoggingOff();
  // Whose writes and history an explicit sign-out discards is read before the platform's logout: it
  // revokes the access token, and a call still on its way then has its refresh refused, which
  // deletes the stored tokens. A forced sign-out keeps them, so it needs no member.
  const keepDrafts = options.keepDrafts ?? false;
  const member = keepDrafts ? null : await signedInMemberGuid();
  const token = await readAccessToken();
  if (token && !isExpired(parseAccessClaims(token))) {
    try {
      await apiFetch('/api/access/v1/auth/logout', { method: 'POST' });
    } catch {
      // SPEC §8: a failed logout call is ignored
    }
  }
  // OIDC: both tokens are revoked at the provider, and its session ended (below).
  const client = await readAuthClientSettings();
  const auth = await readStoredAuth();
  const idToken = await readKv(sessionKeys.idToken, isString);
  if (client.revocationEndpoint) await revokeAtProvider(client, token, auth?.refresh_token ?? null);
  const email = readLocal(storageKeys.lastLoginEmail) ?? '';
  const saml = email ? await lookupSamlUserType(email) : null;
  await clearLocalSession({ keepDrafts, member });
  if (options.returnUrl !== null) saveReturnUrl(options.returnUrl);
  broadcast({ type: 'logoff', redirect: '/auth' });
  return endSessionUrl(client, idToken) ?? samlLogoutPath(saml, email) ?? '/auth';
}

/**
 * SPEC §7: the revocation endpoint gets the access token and the refresh token, each with its
 * token_type_hint. A failure is the login client's token_revoke_error; sign-out goes on regardless.
 */
async function revokeAtProvider(client: AuthClientSettings, accessToken: string | null, refreshToken: string | null): Promise<void> {
  const revoked = await Promise.all([
    accessToken ? revokeToken(accessToken, 'access_token', client) : null,
    refreshToken ? revokeToken(refreshToken, 'refresh_token', client) : null,
  ]);
  for (const problem of revoked) if (problem !== null) emitLoginEvent({ type: 'token_revoke_error', message: problem });
}

/**
 * OIDC RP-initiated logout: the provider's end-session endpoint (or the configured logoutUrl), with
 * the ID token as hint and /auth to come back to, so the next person's single sign-on on this
 * device does not silently sign them in as this member. Null without one.
 */
export function endSessionUrl(client: AuthClientSettings, idToken: string | null, origin: string = location.origin): string | null {
  if (!client.endSessionEndpoint) return null;
  let url: URL;
  try {
    url = new URL(client.endSessionEndpoint, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (idToken) url.searchParams.set('id_token_hint', idToken);
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('post_logout_redirect_uri', `${origin}/auth`);
  return url.href;
}

export function markTimedOut(): void {
  writeLocal(storageKeys.timedOut, 'true');
}
