/**
 * The OIDC issuer, at {origin}/oidc on the same origin (issuer = `${origin}/oidc`). It is the
 * platform itself seen through the standards: its tokens are the platform's tokens (so /api calls
 * work after an OIDC sign-in), its ID tokens are signed with the JWKS key below. Paths:
 *   /oidc/.well-known/openid-configuration, /oidc/.well-known/jwks.json, /oidc/authorize,
 *   /oidc/token (same handler as /api/access/v1/oauth/token), /oidc/userinfo, /oidc/revoke,
 *   /oidc/endsession.
 */
import { authenticate } from '../auth.ts';
import { browserBadRequest, empty, html, htmlPage, json, oauthError, redirect, type Reply } from '../http.ts';
import type { RequestContext } from '../context.ts';
import type { RouteDef } from '../router.ts';
import { CLIENT_ID, KNOWN_SCOPES, issuerOf } from '../grants.ts';

function discovery(ctx: RequestContext): Reply {
  const issuer = issuerOf(ctx.origin);
  return json(200, {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    userinfo_endpoint: `${issuer}/userinfo`,
    revocation_endpoint: `${issuer}/revoke`,
    end_session_endpoint: `${issuer}/endsession`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'password'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: [...KNOWN_SCOPES],
    claims_supported: ['sub', 'email', 'name', 'given_name', 'family_name', 'locale', 'sid'],
    // RFC 9449 §5.1: present only while the emulator binds tokens.
    ...(ctx.rt.dpop.enabled ? { dpop_signing_alg_values_supported: ['ES256'] } : {}),
  });
}

/** A Bearer or (RFC 9449 §7) DPoP-bound access token, checked like the platform's API calls. */
async function userinfo(ctx: RequestContext): Promise<Reply> {
  // 'bearer' mode: no credentials is already a 401 (Bearer realm="oidc"), so there is always one here.
  const auth = await authenticate(ctx, 'bearer', 'oidc');
  if (!auth) throw new Error('authenticate answers a session in bearer mode');
  const { user } = auth;
  return json(200, {
    sub: user.id,
    email: user.email,
    email_verified: true,
    name: `${user.firstName} ${user.lastName}`,
    given_name: user.firstName,
    family_name: user.lastName,
    locale: user.languageCode,
  });
}

/** RFC 7009: 200 whether or not the token was valid; a refresh token ends its whole session. */
async function revoke(ctx: RequestContext): Promise<Reply> {
  if (ctx.body.kind !== 'form') throw oauthError('invalid_request', 'Expected an application/x-www-form-urlencoded body');
  const form = ctx.body.fields;
  if (!form.client_id) throw oauthError('invalid_request', 'client_id is required');
  if (form.client_id !== CLIENT_ID) throw oauthError('invalid_client', 'Unknown client_id');
  if (!form.token) throw oauthError('invalid_request', 'token is required');
  const { store, tokens } = ctx.rt;
  const hint = form.token_type_hint;
  const tryRefresh = async (): Promise<boolean> => {
    const r = await tokens.verifyRefresh(form.token ?? '', store.now());
    if (!r.ok) return false;
    store.usedRefreshJtis.add(r.claims.jti);
    const session = store.sessions.get(r.claims.sid);
    if (session) session.revoked = true;
    return true;
  };
  const tryAccess = async (): Promise<boolean> => {
    const r = await tokens.verifyAccess(form.token ?? '', store.now());
    if (!r.ok) return false;
    store.revokedAccessJtis.add(r.claims.jti);
    return true;
  };
  if (hint === 'access_token') {
    if (!(await tryAccess())) await tryRefresh();
  } else if (!(await tryRefresh())) {
    await tryAccess();
  }
  return empty(200, { 'cache-control': 'no-store' });
}

/**
 * RP-initiated logout: ends the session named by id_token_hint, then returns to {origin}/auth.
 * A hint this issuer cannot verify (e.g. from before an emulator restart) ends no session but
 * does not block the sign-out either: the only redirect target allowed is the registered one.
 */
async function endSession(ctx: RequestContext): Promise<Reply> {
  const hint = ctx.query.get('id_token_hint');
  const claims = hint ? await ctx.rt.tokens.verifyIdTokenHint(hint) : null;
  const session = typeof claims?.sid === 'string' ? ctx.rt.store.sessions.get(claims.sid) : undefined;
  if (session) session.revoked = true;
  const target = ctx.query.get('post_logout_redirect_uri');
  if (target === null) return html(200, htmlPage('Signed out', '<h1>You are signed out</h1>'));
  if (target !== `${ctx.origin}/auth`) throw browserBadRequest(`post_logout_redirect_uri must be ${ctx.origin}/auth`);
  const url = new URL(target);
  const state = ctx.query.get('state');
  if (state !== null) url.searchParams.set('state', state);
  return redirect(url.toString());
}

export const oidcRoutes: RouteDef[] = [
  { method: 'GET', pattern: '/oidc/.well-known/openid-configuration', auth: 'none', handler: discovery },
  { method: 'GET', pattern: '/oidc/.well-known/jwks.json', auth: 'none', handler: (ctx) => json(200, ctx.rt.tokens.jwks()) },
  { method: 'GET', pattern: '/oidc/userinfo', auth: 'none', handler: userinfo },
  { method: 'POST', pattern: '/oidc/userinfo', auth: 'none', handler: userinfo },
  { method: 'POST', pattern: '/oidc/revoke', auth: 'none', oauth: true, handler: revoke },
  { method: 'GET', pattern: '/oidc/endsession', auth: 'none', handler: endSession },
];
