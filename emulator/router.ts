/**
 * A tiny method + pattern router. Patterns are literal segments and `:name` parameters; the
 * router matches the UN-prefixed path (the tenant prefix is removed before routing, see
 * index.ts) and leaves percent-decoding of parameters to the handlers, which refuse values that
 * do not decode with a 400 instead of crashing.
 */
import type { PermissionName } from './data/permissions.ts';
import type { Reply } from './http.ts';
import type { RequestContext } from './context.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * bearer:   the operation needs a valid access token (contract default security).
 * optional: bearer optional, but validated when sent (`security: [{}, bearerAuth]`).
 * none:     x-token-not-required or not under /api: no bearer check and never tenant-prefixed.
 */
export type AuthMode = 'bearer' | 'optional' | 'none';

export interface RouteDef {
  method: Method;
  pattern: string;
  auth: AuthMode;
  /** x-required-permission: checked after the bearer and prefix rules (contract check order). */
  permission?: PermissionName;
  /** Contract x-cacheable: may carry `Cache-Control: private, max-age=…` (see Store.cacheableMaxAgeSeconds). */
  cacheable?: boolean;
  /** RFC 6749 endpoint: body problems are OAuthError 400s, not ApiError 413s. */
  oauth?: boolean;
  handler: (ctx: RequestContext) => Reply | Promise<Reply>;
}

interface CompiledRoute extends RouteDef {
  segments: string[];
}

export type RouteMatch =
  | { kind: 'found'; route: RouteDef; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: Method[] }
  | { kind: 'none' };

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(...defs: RouteDef[]): this {
    for (const def of defs) this.routes.push({ ...def, segments: def.pattern.split('/').slice(1) });
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const segments = path.split('/').slice(1);
    const allow: Method[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', route, params };
      allow.push(route.method);
    }
    return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'none' };
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? '';
    const a = actual[i] ?? '';
    if (p.startsWith(':')) {
      if (a === '') return null;
      params[p.slice(1)] = a;
    } else if (p !== a) {
      return null;
    }
  }
  return params;
}
