/** "Sign-in and access" operations other than the token and authorize endpoints. */
import { requireAuth } from '../auth.ts';
import { empty, json, notFound, rawJson, validationError, type Reply } from '../http.ts';
import type { RequestContext } from '../context.ts';
import type { RouteDef } from '../router.ts';
import { SamlUserTypeRequest, jsonBody, param, requiredQuery } from '../validate.ts';
import { z } from 'zod';
import { tenantByContext } from '../data/tenants.ts';
import { membershipOf, orgGroupUsers, userByEmail } from '../data/users.ts';
import { currentUserView, tenantList, tenantView } from '../views.ts';
import { CURRENT_EULA } from '../data/eula.ts';

/** Ends the session: its refresh tokens get invalid_grant and its access tokens 401 (contract). */
function logout(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  auth.session.revoked = true;
  ctx.rt.store.revokedAccessJtis.add(auth.claims.jti);
  return empty(204);
}

/** Contract: an unknown email answers IsEnabled false (no user enumeration). */
function samlUserType(ctx: RequestContext): Reply {
  const { Email } = jsonBody(ctx, SamlUserTypeRequest);
  const sso = userByEmail(Email)?.sso;
  return json(200, {
    IsEnabled: sso != null,
    IdentityProviderSignOutUrl: sso?.signOutUrl ?? null,
    IsOpenSaml4: sso?.openSaml4 ?? false,
  });
}

const ContextVersion = z.enum(['1', '2']);

/** Unknown context, or a tenant this user cannot use: 404 (client treats any failure as false). */
function tenantContext(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const context = param('context', requiredQuery(ctx, 'context'), z.string().min(1).max(2048));
  param('contextVersion', requiredQuery(ctx, 'contextVersion'), ContextVersion);
  const tenant = tenantByContext(context);
  if (!tenant || !membershipOf(auth.user, tenant.id)) throw notFound('Unknown tenant context');
  return json(200, { Id: tenant.id });
}

function subscriptions(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const trialValue = ctx.query.get('trial');
  const trial = trialValue === null ? false : param('trial', trialValue, z.enum(['true', 'false'])) === 'true';
  const list = auth.tenant.subscriptions.filter((s) => !trial || s.IsTrial);
  return json(200, list);
}

/** Organisations the user is directly assigned to, found by name in the current tree. */
function userOrganizations(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const tree = auth.orgGroup.tree;
  const list: Array<{ id: string; name: string }> = [];
  const walk = (nodes: typeof tree.roots): void => {
    for (const node of nodes) {
      if (auth.user.assignedOrgNames.includes(node.Name)) list.push({ id: node.Id, name: node.Name });
      if (list.length < auth.user.assignedOrgNames.length) walk(node.Children);
    }
  };
  walk(tree.roots);
  return json(200, list);
}

const EulaAcceptance = z.strictObject({ Version: z.string().min(1).max(64) });

/** Contract acceptEula: records the current Version; another Version is 400 on Version (it changed meanwhile). */
function acceptEula(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const { Version } = jsonBody(ctx, EulaAcceptance);
  if (Version !== CURRENT_EULA.Version) throw validationError('Version', 'The agreement has changed');
  ctx.rt.store.eulaAccepted.set(auth.user.id, Version);
  return empty(204);
}

export const accessRoutes: RouteDef[] = [
  { method: 'GET', pattern: '/api/access/v1/eula', auth: 'bearer', handler: (ctx) => (requireAuth(ctx), json(200, CURRENT_EULA)) },
  { method: 'POST', pattern: '/api/access/v1/eula/acceptance', auth: 'bearer', handler: acceptEula },
  { method: 'POST', pattern: '/api/access/v1/auth/logout', auth: 'bearer', handler: logout },
  { method: 'GET', pattern: '/api/access/v1/users/current/legacy', auth: 'bearer', handler: (ctx) => json(200, currentUserView(requireAuth(ctx))) },
  { method: 'GET', pattern: '/api/access/v1/permissions', auth: 'bearer', handler: (ctx) => json(200, requireAuth(ctx).role.permissions) },
  { method: 'GET', pattern: '/api/access/v1/access-levels/current', auth: 'bearer', handler: (ctx) => json(200, requireAuth(ctx).role.accessLevel) },
  { method: 'POST', pattern: '/api/access/v1/saml-settings/user-type', auth: 'none', handler: samlUserType },
  { method: 'GET', pattern: '/api/access/v1/tenants/current', auth: 'bearer', handler: (ctx) => json(200, tenantView(requireAuth(ctx).user, requireAuth(ctx).tenant)) },
  { method: 'GET', pattern: '/api/access/v1/users/current/tenants', auth: 'bearer', permission: 'TENANTS_LIST', handler: (ctx) => json(200, tenantList(requireAuth(ctx).user)) },
  { method: 'GET', pattern: '/api/access/v1/tenants/context', auth: 'bearer', handler: tenantContext },
  { method: 'GET', pattern: '/api/access/v1/tenants/current/subscriptions', auth: 'bearer', handler: subscriptions },
  // The big tree is answered from its cached serialisation.
  { method: 'GET', pattern: '/api/access/v1/organizations/root-tree', auth: 'bearer', permission: 'Login', handler: (ctx) => rawJson(200, requireAuth(ctx).orgGroup.tree.json()) },
  { method: 'GET', pattern: '/api/access/v1/users/current/organizations', auth: 'bearer', handler: userOrganizations },
  { method: 'GET', pattern: '/api/v1/private/orggroupuser/get', auth: 'bearer', handler: (ctx) => json(200, orgGroupUsers(requireAuth(ctx).orgGroup.id)) },
];
