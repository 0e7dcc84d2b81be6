import { isCacheableCall, isTokenNotRequired } from './calls';
import { authorization, type TokenKind } from '../../session/core/tokenKind';

/**
 * The request pipeline's rules (SPEC §7 "Common request behaviour", contract info "Request
 * pipeline") as one pure function, so the service worker and the page apply exactly the same rules.
 */
export interface PipelineContext {
  /** The shell's own origin, e.g. http://localhost:4173. */
  origin: string;
  accessToken: string | null;
  /** How the access token is presented: `Authorization: Bearer …` or `DPoP …` (the proof is added at send time). */
  tokenKind?: TokenKind;
  /** ptl claim of the access token, if any. */
  ptl: string | null;
  language: string;
  /** Value of the XSRF-TOKEN cookie, if any. */
  xsrfToken: string | null;
  /** Other origins whose calls carry the access token (SPEC §7 "allowed URLs"); nothing else of the pipeline applies there. */
  trustedApiOrigins?: readonly string[];
}

export interface RequestShape {
  url: string;
  method: string;
  headers: Record<string, string>;
}

export type PreparedRequest =
  | { kind: 'untouched' }
  | { kind: 'prepared'; url: string; headers: Record<string, string>; pipeline: boolean }
  | { kind: 'refused'; reason: string };

export const ptlPattern = /^[A-Za-z0-9-]{1,64}$/;

/** The headers the pipeline sets itself on a platform call, whatever the caller sent. */
export const pipelineSetHeaders = ['Authorization', 'Accept-Language', 'Cache-Control'] as const;

/** Header names are case-insensitive: return a copy with `name` removed in any casing. */
function without(headers: Record<string, string>, ...names: string[]): Record<string, string> {
  const drop = new Set(names.map((n) => n.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !drop.has(k.toLowerCase())));
}

export function prepareRequest(request: RequestShape, ctx: PipelineContext): PreparedRequest {
  let url: URL;
  try {
    url = new URL(request.url, ctx.origin);
  } catch {
    return { kind: 'untouched' };
  }
  // A cross-origin request is never touched and never carries the token, save to a trusted API
  // origin: the access token (never the refresh token), and no tenant prefix, language or XSRF.
  if (url.origin !== ctx.origin) {
    if (!ctx.trustedApiOrigins?.includes(url.origin)) return { kind: 'untouched' };
    const headers = without(request.headers, 'Authorization');
    if (ctx.accessToken) headers.Authorization = authorization(ctx.tokenKind ?? 'Bearer', ctx.accessToken);
    return { kind: 'prepared', url: url.href, headers, pipeline: true };
  }

  const method = request.method.toUpperCase();
  let headers = { ...request.headers };
  // XSRF applies to every relative non-GET/HEAD call, including token-not-required ones.
  if (method !== 'GET' && method !== 'HEAD' && ctx.xsrfToken) {
    headers = { ...without(headers, 'X-XSRF-TOKEN'), 'X-XSRF-TOKEN': ctx.xsrfToken };
  }

  const isApi = url.pathname.startsWith('/api/');
  if (!isApi || isTokenNotRequired(url.pathname)) {
    return { kind: 'prepared', url: url.href, headers, pipeline: false };
  }

  if (ctx.ptl !== null) {
    if (!ptlPattern.test(ctx.ptl)) {
      return { kind: 'refused', reason: `Refused to call ${url.pathname}: the token's tenant prefix is not one safe path segment` };
    }
    url.pathname = `/${ctx.ptl}${url.pathname}`;
  }
  headers = without(headers, ...pipelineSetHeaders);
  if (ctx.accessToken) headers.Authorization = authorization(ctx.tokenKind ?? 'Bearer', ctx.accessToken);
  headers['Accept-Language'] = ctx.language;
  headers['Cache-Control'] = isCacheableCall(method, new URL(request.url, ctx.origin).pathname) ? 'max-age=3600' : 'no-cache';
  return { kind: 'prepared', url: url.href, headers, pipeline: true };
}

/** Reads one cookie's value from a document.cookie-style string. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}
