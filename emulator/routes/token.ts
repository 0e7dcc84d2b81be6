/**
 * The token endpoint (RFC 6749 §3.2 for a public client): password, authorization_code with
 * PKCE S256, and refresh_token with rotation and the contract's switch parameters. Every
 * failure is a 400 OAuthError with Cache-Control: no-store; it never answers 401/403.
 * Served at /api/access/v1/oauth/token and, for the OIDC issuer, at /oidc/token.
 *
 * With DPoP on (dpop.ts), a valid proof binds the session to its key (token_type DPoP, cnf.jkt)
 * and a bound session's refresh needs a proof by that key. A rotated refresh token presented
 * again is answered from the refresh grace (refreshGrace.ts) or revokes the session.
 */
import { json, oauthError, type Reply } from '../http.ts';
import type { RequestContext } from '../context.ts';
import type { RouteDef } from '../router.ts';
import { CURRENT_EULA } from '../data/eula.ts';
import { CLIENT_ID, DEFAULT_SCOPE, KNOWN_SCOPES, initialState, issueTokens, startSession, type SessionState, type TokenResponse } from '../grants.ts';
import { s256 } from '../tokens.ts';
import { decodeJwt } from 'jose';
import { verifyRequestProof } from '../dpop.ts';
import type { Session } from '../store.ts';
import { UUID_RE } from '../data/ids.ts';
import { orgGroupOf, tenantByContext, tenantById } from '../data/tenants.ts';
import { PERSONA_PASSWORD, membershipOf, userByEmail, userById } from '../data/users.ts';

const VERIFIER_RE = /^[A-Za-z0-9._~-]{43,128}$/;
const JWT_RE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

type Form = Record<string, string>;

function tokenReply(response: TokenResponse): Reply {
  return json(200, response, { 'cache-control': 'no-store', pragma: 'no-cache' });
}

function required(form: Form, name: string): string {
  const value = form[name];
  if (value === undefined || value === '') throw oauthError('invalid_request', `${name} is required`);
  return value;
}

function optionalUuid(form: Form, name: string): string | undefined {
  const value = form[name];
  if (value === undefined || value === '') return undefined;
  if (!UUID_RE.test(value)) throw oauthError('invalid_request', `${name} must be a UUID`);
  return value;
}

/** Space-separated scopes; unknown ones are invalid_scope (Assumed). */
function scopeOf(form: Form): string | undefined {
  const value = form.scope;
  if (value === undefined || value.trim() === '') return undefined;
  const scopes = value.trim().split(/\s+/);
  const unknown = scopes.find((s) => !KNOWN_SCOPES.has(s));
  if (unknown) throw oauthError('invalid_scope', `Unknown scope ${unknown}`);
  return scopes.join(' ');
}

export async function tokenEndpoint(ctx: RequestContext): Promise<Reply> {
  const body = ctx.body;
  if (body.kind === 'too-large') throw oauthError('invalid_request', 'Request body too large');
  if (body.kind !== 'form') throw oauthError('invalid_request', 'Expected an application/x-www-form-urlencoded body');
  // RFC 6749 §3.2: request parameters must not be included more than once.
  if (body.duplicates.length > 0) throw oauthError('invalid_request', `${body.duplicates[0] ?? ''} is repeated`);
  const form = body.fields;
  const grantType = required(form, 'grant_type');
  if (grantType !== 'password' && grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    throw oauthError('unsupported_grant_type', `grant_type ${grantType} is not supported`);
  }
  const clientId = required(form, 'client_id');
  if (clientId !== CLIENT_ID) throw oauthError('invalid_client', 'Unknown client_id');
  const scope = scopeOf(form);
  // Before any grant consumes anything (a code is single use): a refused proof changes nothing.
  const jkt = await proofKey(ctx);
  if (grantType === 'password') return tokenReply(await passwordGrant(ctx, form, scope, jkt));
  if (grantType === 'authorization_code') return tokenReply(await codeGrant(ctx, form, scope, jkt));
  return tokenReply(await refreshGrant(ctx, form, scope, jkt));
}

/** The thumbprint of the request's valid DPoP proof; null without one or with DPoP off. */
async function proofKey(ctx: RequestContext): Promise<string | null> {
  if (!ctx.rt.dpop.enabled) return null;
  const verdict = await verifyRequestProof(ctx);
  if (verdict === null) return null;
  if (verdict.ok) return verdict.jkt;
  const headers: Record<string, string> = verdict.error === 'use_dpop_nonce' ? { 'dpop-nonce': ctx.rt.dpop.nonce } : {};
  throw oauthError(verdict.error, verdict.reason, headers);
}

async function passwordGrant(ctx: RequestContext, form: Form, scope: string | undefined, jkt: string | null): Promise<TokenResponse> {
  const username = required(form, 'username');
  const password = required(form, 'password');
  const user = userByEmail(username);
  if (!user || password !== PERSONA_PASSWORD) throw oauthError('invalid_grant', 'Wrong email or password');
  if (user.sso) throw oauthError('invalid_grant', 'This user signs in through single sign-on');
  const state = initialState(user, startSession(ctx.rt, user.id, jkt), scope ?? DEFAULT_SCOPE);
  if (!state) throw oauthError('invalid_grant', 'The user has no tenant');
  return issueTokens(ctx.rt, state, { origin: ctx.origin, jkt });
}

async function codeGrant(ctx: RequestContext, form: Form, scope: string | undefined, jkt: string | null): Promise<TokenResponse> {
  const codeValue = required(form, 'code');
  const redirectUri = required(form, 'redirect_uri');
  const verifier = required(form, 'code_verifier');
  if (!VERIFIER_RE.test(verifier)) throw oauthError('invalid_request', 'code_verifier is malformed');
  const { store } = ctx.rt;
  const code = store.authCodes.get(codeValue);
  if (!code) throw oauthError('invalid_grant', 'Unknown authorization code');
  if (code.used) throw oauthError('invalid_grant', 'Authorization code already used');
  // Single use: any redemption attempt consumes the code, a failed one included.
  code.used = true;
  if (code.expiresAt <= store.now()) throw oauthError('invalid_grant', 'Authorization code expired');
  if (code.clientId !== form.client_id) throw oauthError('invalid_grant', 'Code was issued to another client');
  if (code.redirectUri !== redirectUri) throw oauthError('invalid_grant', 'redirect_uri does not match the authorization request');
  if (s256(verifier) !== code.codeChallenge) throw oauthError('invalid_grant', 'code_verifier does not match the code_challenge');
  const user = userById(code.userId);
  const state = user ? initialState(user, startSession(ctx.rt, user.id, jkt), scope ?? code.scope) : null;
  if (!state) throw oauthError('invalid_grant', 'The user has no tenant');
  return issueTokens(ctx.rt, state, { origin: ctx.origin, nonce: code.nonce, jkt });
}

/** With DPoP on, a bound session's refresh tokens need a proof by its key. */
function keyMatches(ctx: RequestContext, session: Session, jkt: string | null): boolean {
  return !ctx.rt.dpop.enabled || session.jkt === null || session.jkt === jkt;
}

/**
 * Contract "Refresh grace": a repeat inside the grace, before the successor was used (and, for a
 * bound session, with a proof by its key), gets the first answer again and changes nothing.
 * Anything else is theft: invalid_grant, and the whole session is revoked. A repeat with other
 * switch parameters is still "that repeat" (the grace exists so a lost answer, a lost switch's
 * included, does not end the session); it gets the first answer, whose claims say what it is.
 */
async function repeatOrRevoke(ctx: RequestContext, jti: string, session: Session, jkt: string | null): Promise<TokenResponse> {
  const { store, grace } = ctx.rt;
  const first = await grace.repeatable(jti, store.now(), (successor) => store.usedRefreshJtis.has(successor));
  if (first && keyMatches(ctx, session, jkt)) {
    ctx.notes.graceReplay = true;
    return first;
  }
  session.revoked = true;
  ctx.notes.reuse = true;
  throw oauthError('invalid_grant', 'Refresh token already used: the session is revoked');
}

async function refreshGrant(ctx: RequestContext, form: Form, scope: string | undefined, jkt: string | null): Promise<TokenResponse> {
  const token = required(form, 'refresh_token');
  // Format of the switch parameters first (invalid_request), then the token (invalid_grant).
  const tenantId = optionalUuid(form, 'tenant_id');
  const orgGroupId = optionalUuid(form, 'orggroup_id');
  const organizationId = optionalUuid(form, 'organization_id');
  const switchRole = form.switchRole;
  if (switchRole !== undefined && switchRole !== 'true' && switchRole !== 'false') throw oauthError('invalid_request', 'switchRole must be true or false');
  const roleId = form.role_id;
  if (roleId !== undefined && roleId === '') throw oauthError('invalid_request', 'role_id must not be empty');
  if (switchRole === 'true' && roleId === undefined) throw oauthError('invalid_request', 'role_id is required with switchRole=true');
  const context = form.context;
  let contextVersion: number | undefined;
  if (context !== undefined) {
    if (context.length < 1 || context.length > 2048) throw oauthError('invalid_request', 'context must be 1 to 2048 characters');
    if (form.contextVersion === undefined) throw oauthError('invalid_request', 'contextVersion is required with context');
    if (form.contextVersion !== '1' && form.contextVersion !== '2') throw oauthError('invalid_request', 'contextVersion must be 1 or 2');
    contextVersion = Number(form.contextVersion);
  }
  if (!JWT_RE.test(token)) throw oauthError('invalid_grant', 'Malformed refresh token');

  const { store, tokens } = ctx.rt;
  const verified = await tokens.verifyRefresh(token, store.now());
  if (!verified.ok) throw oauthError('invalid_grant', verified.reason === 'expired' ? 'Refresh token expired' : 'Invalid refresh token');
  const claims = verified.claims;
  const session = store.sessions.get(claims.sid);
  if (!session || session.revoked) throw oauthError('invalid_grant', 'Refresh token revoked');
  if (store.usedRefreshJtis.has(claims.jti)) return repeatOrRevoke(ctx, claims.jti, session, jkt);
  if (!keyMatches(ctx, session, jkt)) {
    throw oauthError('invalid_grant', jkt === null ? 'This refresh token is bound to a DPoP key: a proof by that key is required' : 'The DPoP proof is by another key than the refresh token is bound to');
  }
  const user = userById(claims.guid);
  if (!user) throw oauthError('invalid_grant', 'Unknown user');

  // Tenant: tenant_id wins over context (contract); otherwise the token's tenant.
  let tenant = tenantById(claims.tenantGuid);
  if (tenantId !== undefined) tenant = tenantById(tenantId);
  else if (context !== undefined && contextVersion !== undefined) tenant = tenantByContext(context);
  const membership = tenant ? membershipOf(user, tenant.id) : undefined;
  if (!tenant || !membership) throw oauthError('invalid_grant', 'The user cannot use this tenant');
  const tenantChanged = tenant.id !== claims.tenantGuid;

  const groupId = orgGroupId ?? (tenantChanged ? membership.orgGroupIds[0] : claims.orgGroupGuid);
  const allowed = groupId !== undefined && membership.orgGroupIds.some((id) => id.toLowerCase() === groupId.toLowerCase());
  const orgGroup = allowed && groupId !== undefined ? orgGroupOf(tenant, groupId) : undefined;
  if (!orgGroup) throw oauthError('invalid_grant', 'The user cannot use this organisation group');
  const groupChanged = orgGroup.id !== claims.orgGroupGuid;

  let organization = groupChanged ? null : claims.org;
  if (organizationId !== undefined) {
    if (orgGroup.tree.nameOf(organizationId) === undefined) throw oauthError('invalid_grant', 'The organisation is not in this organisation group');
    organization = organizationId;
  }

  // The contract lists no roles anywhere, so a role may be named by its id or, as a convenience, its name.
  let role = switchRole === 'true' ? user.roles.find((r) => r.id === roleId || r.name === roleId) : user.roles.find((r) => r.id === claims.roleId);
  if (!role) throw oauthError('invalid_grant', 'The user does not hold this role');
  // Contract acceptEula: once the current agreement is accepted, the virtual role is dropped for the member's own.
  if (role.virtual && role.name === 'AcceptEula' && store.eulaAccepted.get(user.id) === CURRENT_EULA.Version) {
    role = user.roles.find((r) => !r.virtual) ?? role;
  }

  // Rotation: the presented token is consumed only when the refresh succeeds.
  store.usedRefreshJtis.add(claims.jti);
  session.organizationId = organization;
  // A proof on a refresh of an unbound session binds it from now on (RFC 9449 §5).
  if (ctx.rt.dpop.enabled && jkt !== null) session.jkt = jkt;
  const state: SessionState = { user, tenant, orgGroup, role, organizationId: organization, scope: scope ?? claims.scope, sid: claims.sid };
  const answer = issueTokens(ctx.rt, state, { origin: ctx.origin, jkt: ctx.rt.dpop.enabled ? session.jkt : null }).then((response) => ({
    response,
    successorJti: decodeJwt(response.refresh_token).jti ?? '',
  }));
  ctx.rt.grace.remember(claims.jti, { firstUseAt: store.now(), answer });
  return (await answer).response;
}

export const tokenRoutes: RouteDef[] = [
  { method: 'POST', pattern: '/api/access/v1/oauth/token', auth: 'none', oauth: true, handler: tokenEndpoint },
  { method: 'POST', pattern: '/oidc/token', auth: 'none', oauth: true, handler: tokenEndpoint },
];
