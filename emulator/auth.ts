/**
 * The contract's server rules that run before any handler, in its check order:
 * bearer (401, DPoP proofs included) → tenant prefix (404) → permission (403). Validation (400) and lookups (404) are
 * the handlers' part.
 */
import { apiError, type HttpError } from './http.ts';
import type { AuthInfo, RequestContext } from './context.ts';
import type { AuthMode } from './router.ts';
import type { PermissionName } from './data/permissions.ts';
import { orgGroupOf, tenantById } from './data/tenants.ts';
import { userById } from './data/users.ts';
import { noteProof, verifyRequestProof, type ProofError } from './dpop.ts';

/** Reserved first segments a ptl can never be (contract schema Ptl, not.enum). */
export const RESERVED_SEGMENTS = new Set([
  'api',
  'auth',
  'access',
  'authentication',
  'seed-translations',
  'eula',
  'landing',
  'mfe-host',
  'onboarding',
  'vendor-portal',
  'sso',
  'welcome',
  'error',
  'app',
  'assets',
  '404',
  'oidc',
  'config',
]);

export const PTL_RE = /^[A-Za-z0-9-]{1,64}$/;

/** Splits `/P/api/...` into prefix P and `/api/...`; anything else has no prefix. */
export function splitTenantPrefix(path: string): { prefix: string | null; path: string } {
  const match = /^\/([^/]+)(\/api\/.*)$/.exec(path);
  const segment = match?.[1];
  const rest = match?.[2];
  if (segment && rest && PTL_RE.test(segment) && !RESERVED_SEGMENTS.has(segment.toLowerCase())) return { prefix: segment, path: rest };
  return { prefix: null, path };
}

type Scheme = 'Bearer' | 'DPoP';

function unauthorized(code: 'MISSING_TOKEN' | 'INVALID_TOKEN' | 'TOKEN_EXPIRED', message: string, scheme: Scheme = 'Bearer', realm = 'platform'): HttpError {
  // RFC 6750 §3: no error attribute when the request carried no credentials at all.
  const challenge =
    code === 'MISSING_TOKEN'
      ? `Bearer realm="${realm}"`
      : scheme === 'DPoP'
        ? dpopChallenge('invalid_token', message)
        : `Bearer realm="${realm}", error="invalid_token", error_description="${quoted(message)}"`;
  return apiError(401, code, message, { headers: { 'www-authenticate': challenge } });
}

function quoted(message: string): string {
  return message.replace(/["\\]/g, '');
}

/** RFC 9449 §7.1: the DPoP challenge of a 401. */
function dpopChallenge(error: ProofError | 'invalid_token', message: string): string {
  return `DPoP error="${error}", algs="ES256", error_description="${quoted(message)}"`;
}

/** RFC 9449 §7.1: a refused proof (or a bound token without one) is a 401 with a DPoP challenge. */
function dpopUnauthorized(error: ProofError, message: string, ctx: RequestContext): HttpError {
  const headers: Record<string, string> = { 'www-authenticate': dpopChallenge(error, message) };
  if (error === 'use_dpop_nonce') headers['dpop-nonce'] = ctx.rt.dpop.nonce;
  return apiError(401, 'INVALID_TOKEN', message, { headers });
}

/**
 * The credentials of the request, or null when none were sent. `Authorization: DPoP` is a
 * scheme only a platform with DPoP on knows; with DPoP off it counts as no credentials.
 */
function credentialsOf(ctx: RequestContext): { scheme: Scheme; token: string } | null {
  const header = ctx.req.headers.authorization;
  if (!header) return null;
  const match = /^(Bearer|DPoP)(?:\s+(.*))?$/i.exec(header.trim());
  if (!match) return null;
  const scheme: Scheme = match[1]?.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
  if (scheme === 'DPoP' && !ctx.rt.dpop.enabled) return null;
  return { scheme, token: match[2]?.trim() ?? '' };
}

/** Verifies the access token of the request (and, with DPoP on, its sender constraint). */
export async function authenticate(ctx: RequestContext, mode: AuthMode, realm = 'platform'): Promise<AuthInfo | null> {
  if (mode === 'none') return null;
  const credentials = credentialsOf(ctx);
  if (credentials === null) {
    if (mode === 'optional') return null;
    throw unauthorized('MISSING_TOKEN', 'An access token is required', 'Bearer', realm);
  }
  const auth = await verifyBearer(ctx, credentials.token, credentials.scheme, realm);
  if (ctx.rt.dpop.enabled) await checkSenderConstraint(ctx, auth, credentials.scheme);
  return auth;
}

export async function verifyBearer(ctx: RequestContext, token: string, scheme: Scheme = 'Bearer', realm = 'platform'): Promise<AuthInfo> {
  if (token === '') throw unauthorized('INVALID_TOKEN', 'Malformed bearer token', scheme, realm);
  const { store, tokens } = ctx.rt;
  const result = await tokens.verifyAnyAccess(token, store.now(), store.trustedIssuer);
  if (!result.ok) {
    throw result.reason === 'expired' ? unauthorized('TOKEN_EXPIRED', 'Access token expired', scheme, realm) : unauthorized('INVALID_TOKEN', 'Invalid access token', scheme, realm);
  }
  const claims = result.claims;
  const session = store.sessions.get(claims.sid);
  if (!session || session.revoked || store.revokedAccessJtis.has(claims.jti)) throw unauthorized('INVALID_TOKEN', 'Access token revoked', scheme, realm);
  const user = userById(claims.guid);
  const tenant = tenantById(claims.tenantGuid);
  const orgGroup = tenant ? orgGroupOf(tenant, claims.orgGroupGuid) : undefined;
  const role = user?.roles.find((r) => r.id === claims.roleId);
  if (!user || !tenant || !orgGroup || !role) throw unauthorized('INVALID_TOKEN', 'Access token refers to unknown data', scheme, realm);
  return { token, claims, user, tenant, orgGroup, role, session };
}

/**
 * Contract "Sender-constrained tokens": a bound token (cnf.jkt) only as `DPoP <token>` with a
 * fresh proof for this call by that key, with `ath` of the token. An unbound token sent with the
 * DPoP scheme and a valid proof is accepted (RFC 9449 §7.1 allows it).
 */
async function checkSenderConstraint(ctx: RequestContext, auth: AuthInfo, scheme: Scheme): Promise<void> {
  const bound = auth.claims.cnf?.jkt;
  if (scheme === 'Bearer') {
    if (bound) throw dpopUnauthorized('invalid_dpop_proof', 'This access token is bound to a DPoP key: send it as Authorization: DPoP with a proof', ctx);
    return;
  }
  const verdict = await verifyRequestProof(ctx, auth.token);
  if (verdict === null) throw dpopUnauthorized('invalid_dpop_proof', 'A DPoP proof is required with the DPoP scheme', ctx);
  if (!verdict.ok) throw dpopUnauthorized(verdict.error, verdict.reason, ctx);
  if (bound && verdict.jkt !== bound) {
    noteProof(ctx, { ok: false, error: 'invalid_dpop_proof', reason: 'proof by another key than the token is bound to' });
    throw dpopUnauthorized('invalid_dpop_proof', 'The DPoP proof is by another key than the token is bound to', ctx);
  }
}

/**
 * Contract "Tenant path prefix": a bearer with ptl P is served only at /P/api/...; without a ptl
 * (or without a bearer) only un-prefixed.
 */
export function checkTenantPrefix(ctx: RequestContext): void {
  const ptl = ctx.auth?.claims.ptl;
  if (ptl) {
    if (ctx.prefix === null) throw apiError(404, 'TENANT_PREFIX_REQUIRED', `This tenant is served under /${ptl}/api`);
    if (ctx.prefix !== ptl) throw apiError(404, 'TENANT_PREFIX_MISMATCH', `This tenant is served under /${ptl}/api, not /${ctx.prefix}/api`);
  } else if (ctx.prefix !== null) {
    throw apiError(404, 'NOT_FOUND', 'Not found');
  }
}

export function checkPermission(ctx: RequestContext, permission: PermissionName | undefined): void {
  if (!permission) return;
  if (ctx.auth?.role.permissions[permission] === true) return;
  throw apiError(403, 'FORBIDDEN', `Permission ${permission} is required`, { permission });
}

/** For handlers of bearer routes, where the pipeline guarantees a verified bearer. */
export function requireAuth(ctx: RequestContext): AuthInfo {
  if (!ctx.auth) throw unauthorized('MISSING_TOKEN', 'An access token is required');
  return ctx.auth;
}
