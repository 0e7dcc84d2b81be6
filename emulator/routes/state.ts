/** "State, content and branding": start-up state, content, version, branding, navigation, theme. */
import { requireAuth } from '../auth.ts';
import { json, notFound, rawJson, text, type Reply } from '../http.ts';
import type { AuthInfo, RequestContext } from '../context.ts';
import type { RouteDef } from '../router.ts';
import { BrandingGroup, booleanQuery, param, pathParam } from '../validate.ts';
import { ANONYMOUS_RESOURCES, BRANDING_GROUPS, VERSION_TEXT, contentAttributes, contentObject, tenantContentAttributes } from '../data/content.ts';
import { LANGUAGES_BY_NAME } from '../data/languages.ts';
import { brandingView, currentUserView, dateTimePreference, resourcesView, tenantList, tenantView, userDateTime } from '../views.ts';

function grantedPermissions(auth: AuthInfo): Record<string, true> {
  const granted: Record<string, true> = {};
  for (const [name, value] of Object.entries(auth.role.permissions)) if (value) granted[name] = true;
  return granted;
}

/**
 * GlobalState. The organisations (possibly the 50,000-node tree) are spliced in as their cached
 * JSON text so the big answer is not serialised again on every call.
 */
function init(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const perms = auth.role.permissions;
  const rest = {
    languages: LANGUAGES_BY_NAME,
    permissions: grantedPermissions(auth),
    tenant: tenantView(auth.user, auth.tenant),
    tenants: perms.TENANTS_LIST ? tenantList(auth.user) : null,
    user: currentUserView(auth),
    settings: dateTimePreference(userDateTime(ctx.rt.store, auth)),
    branding: brandingView(auth.tenant, false),
    resources: resourcesView(auth.tenant),
  };
  // Contract (Assumed): with Login the root-tree nodes, without Login an empty list.
  const organizations = perms.Login ? auth.orgGroup.tree.json() : '[]';
  return rawJson(200, `${JSON.stringify(rest).slice(0, -1)},"organizations":${organizations}}`);
}

/** Anonymous state; with a bearer the content object is that tenant's. */
function noAuthInit(ctx: RequestContext): Reply {
  return json(200, {
    languages: LANGUAGES_BY_NAME,
    content: contentObject(ctx.origin, ctx.auth?.tenant ?? null),
    resources: ctx.auth ? resourcesView(ctx.auth.tenant) : ANONYMOUS_RESOURCES,
  });
}

function branding(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const workspace = booleanQuery(ctx, 'isWorkspaceNavigation') ?? false;
  return json(200, brandingView(auth.tenant, workspace));
}

function groupOf(ctx: RequestContext): string {
  const group = param('group', pathParam(ctx, 'group'), BrandingGroup);
  if (!(BRANDING_GROUPS as readonly string[]).includes(group)) throw notFound(`Unknown branding resource group ${group}`);
  return group;
}

export const stateRoutes: RouteDef[] = [
  { method: 'GET', pattern: '/api/global-state/v1/init', auth: 'bearer', handler: init },
  { method: 'GET', pattern: '/api/global-state/v1/no-auth-init', auth: 'optional', handler: noAuthInit },
  {
    method: 'GET',
    pattern: '/api/content/v1/attributes/auth',
    auth: 'bearer',
    cacheable: true,
    handler: (ctx) => json(200, tenantContentAttributes(ctx.origin, requireAuth(ctx).tenant)),
  },
  { method: 'GET', pattern: '/api/content/v1/attributes', auth: 'optional', cacheable: true, handler: (ctx) => json(200, contentAttributes(ctx.origin)) },
  { method: 'GET', pattern: '/api/content/v1/info/version', auth: 'optional', cacheable: true, handler: () => text(200, VERSION_TEXT) },
  { method: 'GET', pattern: '/api/branding/v1/branding', auth: 'bearer', cacheable: true, handler: branding },
  {
    method: 'GET',
    pattern: '/api/branding/v1/resources/groups/:group',
    auth: 'bearer',
    cacheable: true,
    handler: (ctx) => {
      groupOf(ctx);
      return json(200, resourcesView(requireAuth(ctx).tenant));
    },
  },
  {
    method: 'GET',
    pattern: '/api/branding/v1/resources/groups/:group/auth',
    auth: 'none',
    handler: (ctx) => {
      groupOf(ctx);
      return json(200, ANONYMOUS_RESOURCES);
    },
  },
  { method: 'GET', pattern: '/api/atlas/v1/navigation/configuration', auth: 'bearer', cacheable: true, handler: (ctx) => json(200, requireAuth(ctx).tenant.navigation) },
  { method: 'GET', pattern: '/api/atlas/v1/theme', auth: 'bearer', cacheable: true, handler: (ctx) => json(200, requireAuth(ctx).tenant.theme) },
];
