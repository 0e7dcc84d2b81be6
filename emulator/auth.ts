/**
 * The contract's server rules that run before any handler, in its check order:
 * bearer (401) → tenant prefix (404) → permission (403). Validation (400) and lookups (404) are
 * the handlers' part.
 */
import { apiError, type HttpError } from './http.ts';
import type { AuthInfo, RequestContext } from './context.ts';
import type { AuthMode } from './router.ts';
import type { PermissionName } from './data/permissions.ts';
import { orgGroupOf, tenantById } from './data/tenants.ts';
import { userById } from './data/users.ts';

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

function unauthorized(code: 'MISSING_TOKEN' | 'INVALID_TOKEN' | 'TOKEN_EXPIRED', message: string): HttpError {
  // RFC 6750 §3: no error attribute when the request carried no credentials at all.
  const challenge =
    code === 'MISSING_TOKEN'
      ? 'Bearer realm="platform"'
      : `Bearer realm="platform", error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"`;
  return apiError(401, code, message, { headers: { 'www-authenticate': challenge } });
}

/** The bearer of the request, or null when no `Authorization: Bearer` header was sent. */
function bearerOf(ctx: RequestContext): string | null {
  const header = ctx.req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (!match) return null;
  return match[1]?.trim() ?? '';
}

/** Verifies a bearer against signature, expiry, revocation and the data it points at. */
export async function authenticate(ctx: RequestContext, mode: AuthMode): Promise<AuthInfo | null> {
  if (mode === 'none') return null;
  const token = bearerOf(ctx);
  if (token === null) {
    if (mode === 'optional') return null;
    throw unauthorized('MISSING_TOKEN', 'An access token is required');
  }
  return verifyBearer(ctx, token);
}

export async function verifyBearer(ctx: RequestContext, token: string): Promise<AuthInfo> {
  if (token === '') throw unauthorized('INVALID_TOKEN', 'Malformed bearer token');
  const { store, tokens } = ctx.rt;
  const result = await tokens.verifyAccess(token, store.now());
  if (!result.ok) {
    throw result.reason === 'expired' ? unauthorized('TOKEN_EXPIRED', 'Access token expired') : unauthorized('INVALID_TOKEN', 'Invalid access token');
  }
  const claims = result.claims;
  const session = store.sessions.get(claims.sid);
  if (!session || session.revoked || store.revokedAccessJtis.has(claims.jti)) throw unauthorized('INVALID_TOKEN', 'Access token revoked');
  const user = userById(claims.guid);
  const tenant = tenantById(claims.tenantGuid);
  const orgGroup = tenant ? orgGroupOf(tenant, claims.orgGroupGuid) : undefined;
  const role = user?.roles.find((r) => r.id === claims.roleId);
  if (!user || !tenant || !orgGroup || !role) throw unauthorized('INVALID_TOKEN', 'Access token refers to unknown data');
  return { token, claims, user, tenant, orgGroup, role, session };
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
