/**
 * Authorization endpoint (code + PKCE S256) of the platform (/api/access/v1/oauth/authorize) and
 * of the OIDC issuer (/oidc/authorize). GET shows a small "identity provider" page: one form per
 * persona with a button "Sign in as <email>" and a Cancel button; the form posts back here and
 * the answer is the RFC 6749 §4.1.2 redirect to redirect_uri with code and state (or error).
 *
 * An unknown client_id or a redirect_uri other than {origin}/auth gets a 400 HTML page and no
 * redirect (RFC 6749 §4.1.2.1).
 */
import { randomBytes } from 'node:crypto';
import { HttpError, browserBadRequest, escapeHtml, html, htmlPage, redirect, type Reply } from '../http.ts';
import type { RequestContext } from '../context.ts';
import type { RouteDef } from '../router.ts';
import { CLIENT_ID, KNOWN_SCOPES } from '../grants.ts';
import { USERS, userByEmail, type UserDef } from '../data/users.ts';

const CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;
export const CODE_TTL_SECONDS = 60;

type Flavour = 'platform' | 'oidc';

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scope: string;
  nonce: string | null;
  loginHint: string | null;
}

/** Parameters of GET (query) or POST (form); the POST repeats them as hidden fields. */
function paramsOf(ctx: RequestContext): Record<string, string> {
  if (ctx.method === 'POST') return ctx.body.kind === 'form' ? ctx.body.fields : {};
  return Object.fromEntries(ctx.query);
}

function errorRedirect(redirectUri: string, error: string, description: string, state: string | undefined): HttpError {
  const target = new URL(redirectUri);
  target.searchParams.set('error', error);
  target.searchParams.set('error_description', description);
  if (state !== undefined) target.searchParams.set('state', state);
  return new HttpError(redirect(target.toString()));
}

/** Validates in RFC order: client and redirect_uri first (no redirect), the rest via redirect. */
function validate(ctx: RequestContext, flavour: Flavour, p: Record<string, string>): AuthorizeRequest {
  if (!p.client_id) throw browserBadRequest('client_id is required');
  if (p.client_id !== CLIENT_ID) throw browserBadRequest(`Unknown client_id ${p.client_id}`);
  const registered = `${ctx.origin}/auth`;
  if (!p.redirect_uri) throw browserBadRequest('redirect_uri is required');
  if (p.redirect_uri !== registered) throw browserBadRequest(`redirect_uri must be ${registered}`);
  const redirectUri = p.redirect_uri;
  const state = p.state;
  if (p.response_type === undefined) throw errorRedirect(redirectUri, 'invalid_request', 'response_type is required', state);
  if (p.response_type !== 'code') throw errorRedirect(redirectUri, 'unsupported_response_type', 'Only response_type=code is supported', state);
  if (!state) throw errorRedirect(redirectUri, 'invalid_request', 'state is required', undefined);
  if (!p.code_challenge || !CHALLENGE_RE.test(p.code_challenge)) throw errorRedirect(redirectUri, 'invalid_request', 'code_challenge is missing or malformed', state);
  if (p.code_challenge_method !== 'S256') throw errorRedirect(redirectUri, 'invalid_request', 'code_challenge_method must be S256', state);
  const scopes = (p.scope ?? '').trim() === '' ? (flavour === 'oidc' ? ['openid', 'profile'] : ['read']) : (p.scope ?? '').trim().split(/\s+/);
  const unknown = scopes.find((s) => !KNOWN_SCOPES.has(s));
  if (unknown) throw errorRedirect(redirectUri, 'invalid_scope', `Unknown scope ${unknown}`, state);
  return {
    clientId: p.client_id,
    redirectUri,
    state,
    codeChallenge: p.code_challenge,
    scope: scopes.join(' '),
    nonce: p.nonce ?? null,
    loginHint: p.login_hint ?? null,
  };
}

/**
 * Who the page offers. The platform's SAML identity provider knows the SSO personas; the OIDC
 * issuer knows everyone. A login_hint persona the provider knows is offered first.
 */
function candidates(flavour: Flavour, hint: string | null): UserDef[] {
  const known = USERS.filter((u) => flavour === 'oidc' || u.sso !== null);
  const hinted = hint ? userByEmail(hint) : undefined;
  if (!hinted || !known.includes(hinted)) return known;
  return [hinted, ...known.filter((u) => u !== hinted)];
}

function page(ctx: RequestContext, flavour: Flavour, request: AuthorizeRequest, raw: Record<string, string>): Reply {
  const hidden = Object.entries(raw)
    .filter(([name]) => name !== 'email' && name !== 'decision')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const action = escapeHtml(ctx.path);
  const forms = candidates(flavour, request.loginHint)
    .map(
      (u) =>
        `<form method="post" action="${action}">${hidden}<input type="hidden" name="email" value="${escapeHtml(u.email)}"><input type="hidden" name="decision" value="approve"><button type="submit">Sign in as ${escapeHtml(u.email)}</button></form>`,
    )
    .join('');
  const cancel = `<form method="post" action="${action}">${hidden}<input type="hidden" name="decision" value="cancel"><button type="submit">Cancel</button></form>`;
  const title = flavour === 'oidc' ? 'OpenID Connect issuer (emulated)' : 'Identity provider (emulated)';
  return html(200, htmlPage(title, `<h1>${escapeHtml(title)}</h1><p>Choose who signs in to <strong>${escapeHtml(request.clientId)}</strong>.</p>${forms}${cancel}`));
}

function authorize(flavour: Flavour) {
  return (ctx: RequestContext): Reply => {
    const raw = paramsOf(ctx);
    const request = validate(ctx, flavour, raw);
    if (ctx.method === 'GET') return page(ctx, flavour, request, raw);
    if (raw.decision === 'cancel') throw errorRedirect(request.redirectUri, 'access_denied', 'The user cancelled the sign-in', request.state);
    const user = raw.email ? userByEmail(raw.email) : undefined;
    if (!user || !candidates(flavour, null).includes(user)) throw browserBadRequest('Unknown user for this identity provider');
    const code = randomBytes(32).toString('base64url');
    const { store } = ctx.rt;
    store.authCodes.set(code, {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      userId: user.id,
      scope: request.scope,
      nonce: request.nonce,
      expiresAt: store.now() + CODE_TTL_SECONDS,
      used: false,
    });
    const target = new URL(request.redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', request.state);
    return redirect(target.toString());
  };
}

export const authorizeRoutes: RouteDef[] = [
  { method: 'GET', pattern: '/api/access/v1/oauth/authorize', auth: 'none', handler: authorize('platform') },
  { method: 'POST', pattern: '/api/access/v1/oauth/authorize', auth: 'none', handler: authorize('platform') },
  { method: 'GET', pattern: '/oidc/authorize', auth: 'none', handler: authorize('oidc') },
  { method: 'POST', pattern: '/oidc/authorize', auth: 'none', handler: authorize('oidc') },
];
