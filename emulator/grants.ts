/**
 * Issues a TokenResponse for a session state (user, tenant, organisation group, role). Shared by
 * the three grants, the OIDC issuer and POST /__control/token.
 */
import { randomUUID } from 'node:crypto';
import type { Runtime } from './runtime.ts';
import { ACCESS_TYP, ID_TYP, REFRESH_TYP, atHash, type AccessClaims, type RefreshClaims } from './tokens.ts';
import { languageByCode } from './data/languages.ts';
import type { OrgGroupDef, TenantDef } from './data/tenants.ts';
import type { RoleDef, UserDef } from './data/users.ts';

export const CLIENT_ID = 'trust-shell';
export const DEFAULT_SCOPE = 'read';
/** Scopes the emulator knows; anything else is invalid_scope (contract: Assumed). */
export const KNOWN_SCOPES = new Set(['read', 'write', 'openid', 'profile', 'email', 'offline_access']);

export interface SessionState {
  user: UserDef;
  tenant: TenantDef;
  orgGroup: OrgGroupDef;
  role: RoleDef;
  organizationId: string | null;
  scope: string;
  sid: string;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  /** 'DPoP' when the tokens are bound to a key (RFC 9449), else 'bearer' as before. */
  token_type: 'bearer' | 'DPoP';
  expires_in: number;
  scope: string;
  id_token?: string;
}

/** A new server session (one per sign-in); refreshes keep its sid. `jkt` binds it to a DPoP key. */
export function startSession(rt: Runtime, userId: string, jkt: string | null = null): string {
  const sid = randomUUID();
  rt.store.sessions.set(sid, { sid, userId, revoked: false, organizationId: null, jkt });
  return sid;
}

export function issuerOf(origin: string): string {
  return `${origin}/oidc`;
}

export interface IssueOptions {
  origin: string;
  nonce?: string | null;
  /** DPoP key thumbprint to bind the tokens to (cnf.jkt, token_type DPoP); null/absent: Bearer. */
  jkt?: string | null;
}

export async function issueTokens(rt: Runtime, state: SessionState, options: IssueOptions): Promise<TokenResponse> {
  const { store, tokens } = rt;
  const now = store.now();
  const accessTtl = store.accessTtlSeconds;
  const { user, tenant, orgGroup, role } = state;
  const cnf = options.jkt ? { cnf: { jkt: options.jkt } } : {};
  const access: AccessClaims = {
    guid: user.id,
    email: user.email,
    authorities: role.authorities,
    role: role.name,
    tenantGuid: tenant.id,
    orgGroupGuid: orgGroup.id,
    root: orgGroup.tree.rootId,
    languageId: languageByCode(user.languageCode)?.Id ?? 1,
    virtualRole: role.virtual,
    ...(tenant.ptl ? { ptl: tenant.ptl } : {}),
    iat: now,
    exp: now + accessTtl,
    jti: tokens.newJti(),
    sid: state.sid,
    roleId: role.id,
    client_id: CLIENT_ID,
    ...cnf,
  };
  const refresh: RefreshClaims = {
    iat: now,
    // Sliding lifetime: every rotation starts a full refresh lifetime again (Assumed).
    exp: now + store.refreshTtlSeconds,
    jti: tokens.newJti(),
    guid: user.id,
    tenantGuid: tenant.id,
    orgGroupGuid: orgGroup.id,
    roleId: role.id,
    org: state.organizationId,
    scope: state.scope,
    sid: state.sid,
    client_id: CLIENT_ID,
    ...cnf,
  };
  const accessToken = await tokens.sign({ ...access }, ACCESS_TYP);
  const response: TokenResponse = {
    access_token: accessToken,
    refresh_token: await tokens.sign({ ...refresh }, REFRESH_TYP),
    token_type: options.jkt ? 'DPoP' : 'bearer',
    expires_in: accessTtl,
    scope: state.scope,
  };
  if (state.scope.split(' ').includes('openid')) {
    response.id_token = await tokens.sign(
      {
        iss: issuerOf(options.origin),
        sub: user.id,
        aud: CLIENT_ID,
        iat: now,
        exp: now + accessTtl,
        ...(options.nonce ? { nonce: options.nonce } : {}),
        at_hash: atHash(accessToken),
        sid: state.sid,
        email: user.email,
        name: `${user.firstName} ${user.lastName}`,
        given_name: user.firstName,
        family_name: user.lastName,
        locale: user.languageCode,
      },
      ID_TYP,
    );
  }
  return response;
}

/** The default session state right after sign-in: first tenant, its first group, first role. */
export function initialState(user: UserDef, sid: string, scope: string): SessionState | null {
  const membership = user.memberships[0];
  const role = user.roles[0];
  const tenant = membership?.tenant;
  const orgGroup = tenant?.orgGroups.find((g) => g.id === membership?.orgGroupIds[0]);
  if (!membership || !role || !tenant || !orgGroup) return null;
  return { user, tenant, orgGroup, role, organizationId: null, scope, sid };
}
