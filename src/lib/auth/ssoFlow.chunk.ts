/**
 * Single sign-on: authorization code + PKCE (S256) against the platform's authorization endpoint,
 * or, with authClient.oidc on, against an OpenID Connect issuer found by discovery, with the ID
 * token checked (SPEC §5 "Login client token checks", §9 "Login client"). Loaded lazily by sso.ts
 * so oauth4webapi stays out of the /auth page's first load.
 *
 * Failures are thrown as LoginError (event + message); sso.ts emits them and answers
 * `{ ok: false, event }`.
 */
import * as oauth from 'oauth4webapi';
import type { RuntimeConfig } from '../../config/runtimeConfig';
import { grantedTokens, type GrantedTokens } from '../../session/core/tokenClient';
import { parseTokenAnswer } from '../../session/core/tokenAnswer';
import { checkUserInfo } from './userInfo';
import { createProofKey } from '../../session/core/proofKey';
import { answeredOnce, proofHandle, tokenEndpointChallengeOf } from '../../session/core/dpop';
import { trustedSettings } from '../../session/core/loginEndpoints';
import { pipelineHost } from '../../pipeline/core/host';
import { sessionKeys, writeKv, type AuthClientSettings } from '../../session/core/sessionDb';
import { LoginError, emitLoginEvent, loginMessages, type LoginErrorEventType, type LoginMessage } from './loginEvents';
import { defaultTokenPath } from '../../core/protocol';

const defaultAuthorizationPath = '/api/access/v1/oauth/authorize';
/** SPEC §9: default clock skew 600000 ms, applied as a tolerance on exp (oauth4webapi counts seconds). */
export const clockToleranceSeconds = 600;
/** SPEC §9 default scope of the OIDC login client; the configured scope (default read) is added. */
const oidcScope = ['openid', 'profile'];
/** A pending authorization request older than this is refused: the user has long left the IdP page. */
export const pendingMaxAgeMs = 10 * 60 * 1000;
/** Same as the password grant (tokenClient): a token call unanswered after 20 s has failed. */
const requestTimeoutMs = 20_000;
/**
 * OIDC Core §3.1.3.6 makes at_hash optional in the code flow (the access token comes from the token
 * endpoint, not the front channel), so a missing at_hash is accepted; a present one must match.
 */
const atHashRequired = false;

/** SPEC §9: the nonce is 45 characters from a URL-safe alphabet (64 symbols, so each byte maps evenly). */
const nonceAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const nonceLength = 45;

export const ssoStorageKeys = {
  state: 'trust-shell.sso.state',
  verifier: 'trust-shell.sso.verifier',
  nonce: 'trust-shell.sso.nonce',
  email: 'trust-shell.sso.email',
  redirectUri: 'trust-shell.sso.redirectUri',
  createdAt: 'trust-shell.sso.createdAt',
} as const;

interface PendingRequest {
  state: string;
  verifier: string;
  /** Present exactly when the request was an OIDC one. */
  nonce: string | null;
  email: string;
  redirectUri: string;
  createdAt: number;
}

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(nonceLength));
  let nonce = '';
  for (const byte of bytes) nonce += nonceAlphabet[byte & 63];
  return nonce;
}

// ---------------------------------------------------------------- pending request (sessionStorage)

function savePending(request: PendingRequest): void {
  try {
    sessionStorage.setItem(ssoStorageKeys.state, request.state);
    sessionStorage.setItem(ssoStorageKeys.verifier, request.verifier);
    if (request.nonce === null) sessionStorage.removeItem(ssoStorageKeys.nonce);
    else sessionStorage.setItem(ssoStorageKeys.nonce, request.nonce);
    sessionStorage.setItem(ssoStorageKeys.email, request.email);
    sessionStorage.setItem(ssoStorageKeys.redirectUri, request.redirectUri);
    sessionStorage.setItem(ssoStorageKeys.createdAt, String(request.createdAt));
  } catch (cause) {
    clearPending();
    // Without the stored state and verifier the return could never be checked, so do not leave.
    throw new LoginError('invalid_nonce_in_state', 'Cannot store the authorization request state', { cause });
  }
}

function readPending(): PendingRequest | null {
  try {
    const state = sessionStorage.getItem(ssoStorageKeys.state);
    const verifier = sessionStorage.getItem(ssoStorageKeys.verifier);
    const email = sessionStorage.getItem(ssoStorageKeys.email);
    const redirectUri = sessionStorage.getItem(ssoStorageKeys.redirectUri);
    const createdAt = Number(sessionStorage.getItem(ssoStorageKeys.createdAt));
    if (!state || !verifier || email === null || !redirectUri || !Number.isFinite(createdAt)) return null;
    return { state, verifier, nonce: sessionStorage.getItem(ssoStorageKeys.nonce), email, redirectUri, createdAt };
  } catch {
    return null;
  }
}

export function clearPending(): void {
  try {
    for (const key of Object.values(ssoStorageKeys)) sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

// ---------------------------------------------------------------- endpoints

/** SPEC §5: every login URL must use HTTPS unless requireHttps is off. */
function assertSecure(config: RuntimeConfig, url: URL, what: string, event: LoginErrorEventType): void {
  if (config.authClient.requireHttps && url.protocol !== 'https:') {
    throw new LoginError(event, `${what} ${url.href} must use HTTPS (authClient.requireHttps is on)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new LoginError(event, `${what} ${url.href} must be an http(s) URL`);
  }
}

function tryUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

function parseUrl(value: unknown, base: string | undefined, what: string, event: LoginErrorEventType): URL {
  const url = typeof value === 'string' ? tryUrl(value, base) : null;
  if (!url) throw new LoginError(event, `${what} is missing or not a URL`);
  return url;
}

/** oauth4webapi refuses http: unless told; SPEC §9 makes HTTPS optional (requireHttps default false). */
function httpOptions(config: RuntimeConfig): { [oauth.allowInsecureRequests]?: boolean; signal: AbortSignal } {
  return { [oauth.allowInsecureRequests]: !config.authClient.requireHttps, signal: AbortSignal.timeout(requestTimeoutMs) };
}

/**
 * The authorization server: the platform's own endpoints with OIDC off, the validated discovery
 * document with OIDC on. Configured endpoints win over discovered ones (contract AuthClientConfig).
 */
async function authorizationServer(config: RuntimeConfig, origin: string): Promise<oauth.AuthorizationServer> {
  const { authClient } = config;
  const configured = (value: string | null, fallback: string | undefined, what: string, event: LoginErrorEventType) =>
    parseUrl(value ?? fallback, origin, what, event);

  if (!authClient.oidc) {
    const authorize = configured(authClient.authorizationEndpoint, defaultAuthorizationPath, 'Authorization endpoint', 'discovery_document_validation_error');
    const token = configured(authClient.tokenEndpoint, defaultTokenPath, 'Token endpoint', 'token_error');
    assertSecure(config, authorize, 'Authorization endpoint', 'discovery_document_validation_error');
    assertSecure(config, token, 'Token endpoint', 'token_error');
    // No discovery without OIDC: the issuer is only the key oauth4webapi files the metadata under.
    return { issuer: origin, authorization_endpoint: authorize.href, token_endpoint: token.href };
  }

  const issuer = parseUrl(authClient.issuer, undefined, 'authClient.issuer', 'discovery_document_validation_error');
  assertSecure(config, issuer, 'Issuer', 'discovery_document_validation_error');
  let response: Response;
  try {
    response = await oauth.discoveryRequest(issuer, httpOptions(config));
  } catch (cause) {
    throw new LoginError('discovery_document_load_error', `Cannot load the discovery document of ${issuer.href}`, { cause });
  }
  if (!response.ok) {
    throw new LoginError('discovery_document_load_error', `The discovery document of ${issuer.href} answered ${response.status}`);
  }
  let discovered: oauth.AuthorizationServer;
  try {
    // Checks that the document's issuer is exactly the configured one.
    discovered = await oauth.processDiscoveryResponse(issuer, response);
  } catch (cause) {
    throw new LoginError('discovery_document_validation_error', `Invalid discovery document of ${issuer.href}: ${messageOf(cause)}`, { cause });
  }
  const event = 'discovery_document_validation_error';
  const authorize = configured(authClient.authorizationEndpoint, discovered.authorization_endpoint, 'Discovery authorization_endpoint', event);
  const token = configured(authClient.tokenEndpoint, discovered.token_endpoint, 'Discovery token_endpoint', event);
  const jwks = parseUrl(discovered.jwks_uri, undefined, 'Discovery jwks_uri', event);
  const userInfoAt = authClient.userinfoEndpoint ?? discovered.userinfo_endpoint;
  const userInfo = userInfoAt === undefined ? null : parseUrl(userInfoAt, origin, 'User-info endpoint', event);
  if (userInfo) assertSecure(config, userInfo, 'User-info endpoint', event);
  assertSecure(config, authorize, 'Authorization endpoint', event);
  assertSecure(config, token, 'Token endpoint', event);
  assertSecure(config, jwks, 'JWKS address', event);
  emitLoginEvent({ type: 'discovery_document_loaded' });
  return { ...discovered, authorization_endpoint: authorize.href, token_endpoint: token.href, jwks_uri: jwks.href, ...(userInfo ? { userinfo_endpoint: userInfo.href } : {}) };
}

function client(config: RuntimeConfig): oauth.Client {
  return { client_id: config.authClient.clientId, [oauth.clockTolerance]: clockToleranceSeconds };
}

function scopeOf(config: RuntimeConfig): string {
  const configured = config.authClient.scope.split(/\s+/).filter(Boolean);
  const scopes = config.authClient.oidc ? [...oidcScope, ...configured] : configured;
  return [...new Set(scopes)].join(' ');
}

// ---------------------------------------------------------------- start

export interface StartDeps {
  /** Leaves for the authorization endpoint; a seam for unit tests. */
  navigate(url: string): void;
  now(): number;
}

const browserDeps: StartDeps = { navigate: (url) => window.location.assign(url), now: () => Date.now() };

/** Builds the authorization request, remembers its secrets for the return, and leaves for it. */
export async function startSsoFlow(config: RuntimeConfig, email: string, deps: StartDeps = browserDeps): Promise<void> {
  const origin = window.location.origin;
  const redirectUri = config.authClient.redirectUri ?? `${origin}/auth`;
  const as = await authorizationServer(config, origin);
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const state = oauth.generateRandomState();
  const nonce = config.authClient.oidc ? createNonce() : null;

  const url = new URL(as.authorization_endpoint ?? '');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.authClient.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  const scope = scopeOf(config);
  if (scope) url.searchParams.set('scope', scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (nonce !== null) url.searchParams.set('nonce', nonce);
  if (email) url.searchParams.set('login_hint', email);

  savePending({ state, verifier, nonce, email, redirectUri, createdAt: deps.now() });
  deps.navigate(url.href);
}

// ---------------------------------------------------------------- complete

export interface CompleteDeps {
  now(): number;
}

/** Checks the return from the authorization endpoint and exchanges the code for tokens. */
export async function completeSsoFlow(
  config: RuntimeConfig,
  currentUrl: URL,
  deps: CompleteDeps = { now: () => Date.now() },
): Promise<{ granted: GrantedTokens; email: string }> {
  const pending = readPending();
  // Single use either way: a replayed or failed return must not find the secrets again.
  clearPending();

  // SPEC §5: the state on return must match the stored one. Checked before any network call.
  if (!pending) throw new LoginError('invalid_nonce_in_state', 'No stored authorization request (state) for this return');
  if (currentUrl.searchParams.get('state') !== pending.state) throw new LoginError('invalid_nonce_in_state', 'Wrong state');
  const age = deps.now() - pending.createdAt;
  if (age < 0 || age > pendingMaxAgeMs) throw new LoginError('invalid_nonce_in_state', 'The stored authorization request has expired');
  const oidc = config.authClient.oidc;
  if (oidc && !pending.nonce) throw new LoginError('invalid_nonce_in_state', 'No stored nonce for this OpenID Connect return');

  const as = await authorizationServer(config, window.location.origin);
  const c = client(config);
  let callback: URLSearchParams;
  try {
    callback = oauth.validateAuthResponse(as, c, currentUrl, pending.state);
  } catch (cause) {
    if (cause instanceof oauth.AuthorizationResponseError) {
      const description = cause.error_description ? ` (${cause.error_description})` : '';
      throw new LoginError('code_error', `The authorization server answered ${cause.error}${description}`, { cause });
    }
    throw new LoginError('code_error', `Invalid authorization response: ${messageOf(cause)}`, { cause });
  }

  // This sign-in's own DPoP key (none without WebCrypto: the grant then goes without a proof).
  const proofKey = await createProofKey().catch(() => null);
  const headers = await xsrfHeaders(as.token_endpoint ?? '');
  const grant = async (nonce: string | null): Promise<Response> => {
    try {
      return await oauth.authorizationCodeGrantRequest(as, c, oauth.None(), callback, pending.redirectUri, pending.verifier, {
        ...httpOptions(config),
        headers,
        ...(proofKey ? { DPoP: proofHandle(proofKey, nonce) } : {}),
      });
    } catch (cause) {
      throw new LoginError('token_error', `The token endpoint could not be reached: ${messageOf(cause)}`, { cause });
    }
  };
  // A proof refused for its nonce or as stale is made once more (the platform refused before the code).
  const response = proofKey ? await answeredOnce(grant, tokenEndpointChallengeOf) : await grant(null);

  let result: oauth.TokenEndpointResponse;
  try {
    result = await oauth.processAuthorizationCodeResponse(as, c, response, oidc && pending.nonce ? { expectedNonce: pending.nonce, requireIdToken: true } : undefined);
  } catch (cause) {
    throw tokenResponseError(cause);
  }

  let idTokenSub: string | null = null;
  if (oidc) {
    const claims = oauth.getValidatedIdTokenClaims(result);
    if (!claims || result.id_token === undefined) throw new LoginError('token_validation_error', 'No id_token in the token response');
    await checkAtHash(claims, result.id_token, result.access_token, atHashRequired);
    await checkIdTokenSignature(config, as, response);
    idTokenSub = claims.sub;
  }

  // With OIDC on the refresh token may be the provider's opaque one (tokenAnswer).
  const tokens = parseTokenAnswer(result, { oidc });
  if (!tokens.ok) throw new LoginError('token_error', tokens.problem);
  const granted = grantedTokens(tokens.tokens, proofKey);
  if (!granted) throw new LoginError('token_error', `The token response names a token type the shell cannot present (${tokens.tokens.token_type})`);
  if (idTokenSub !== null) {
    await checkUserInfo(as.userinfo_endpoint, granted, idTokenSub);
    await rememberDiscovered(config, as);
  }
  emitLoginEvent({ type: 'token_received' });
  return { granted, email: pending.email };
}

/**
 * The discovered endpoints the session needs after sign-in, when no page has discovery at hand:
 * the token endpoint for refresh grants (unless configured), the revocation endpoint for the
 * refresh token and the end-session endpoint (unless logoutUrl is set) for sign-out.
 */
async function rememberDiscovered(config: RuntimeConfig, as: oauth.AuthorizationServer): Promise<void> {
  const { authClient } = config;
  const settings: AuthClientSettings = {
    clientId: authClient.clientId,
    issuer: authClient.issuer,
    refreshGraceSeconds: authClient.refreshGraceSeconds,
    tokenEndpoint: as.token_endpoint ?? defaultTokenPath,
    revocationEndpoint: typeof as.revocation_endpoint === 'string' ? as.revocation_endpoint : null,
    endSessionEndpoint: authClient.logoutUrl ?? (typeof as.end_session_endpoint === 'string' ? as.end_session_endpoint : null),
  };
  try {
    // A discovery document naming endpoints off the allowed origins gets none of them kept.
    await writeKv(sessionKeys.authClient, trustedSettings(settings, authClient, location.origin));
  } catch {
    // Storage refused: refresh and sign-out fall back to the platform's own endpoints.
  }
}

/** SPEC §7: X-XSRF-TOKEN from cookie XSRF-TOKEN on non-GET calls to our own origin. */
async function xsrfHeaders(endpoint: string): Promise<Headers> {
  const headers = new Headers();
  const host = pipelineHost();
  if (tryUrl(endpoint)?.origin !== host.origin) return headers;
  const xsrf = await host.xsrfToken();
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  return headers;
}

// ---------------------------------------------------------------- ID token checks

const claimMessages: Partial<Record<string, LoginMessage>> = {
  aud: loginMessages.wrongAudience,
  azp: loginMessages.wrongAudience,
  iss: loginMessages.wrongIssuer,
  nonce: loginMessages.wrongNonce,
  sub: loginMessages.noSub,
  iat: loginMessages.noIat,
  exp: loginMessages.expired,
};
/** oauth4webapi's own presence order for ID-token claims, then the nonce it adds. */
const requiredClaims = ['aud', 'exp', 'iat', 'iss', 'sub', 'nonce'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Maps oauth4webapi's token-response errors onto SPEC §8: a refused grant or a malformed answer is
 * token_error; anything about the ID token is token_validation_error with SPEC's message.
 */
export function tokenResponseError(cause: unknown): LoginError {
  if (cause instanceof oauth.ResponseBodyError) {
    const description = cause.error_description ? ` (${cause.error_description})` : '';
    return new LoginError('token_error', `The token endpoint refused the code: ${cause.error}${description}`, { cause });
  }
  if (!(cause instanceof oauth.OperationProcessingError)) {
    return new LoginError('token_error', `Unusable token response: ${messageOf(cause)}`, { cause });
  }
  const detail = isRecord(cause.cause) ? cause.cause : {};
  if (cause.code === oauth.JWT_CLAIM_COMPARISON || cause.code === oauth.JWT_TIMESTAMP_CHECK) {
    const claim = typeof detail.claim === 'string' ? detail.claim : '';
    return new LoginError('token_validation_error', claimMessages[claim] ?? cause.message, { cause });
  }
  if (isRecord(detail.claims)) {
    // A missing or mistyped claim: name the first one oauth4webapi requires that is absent.
    const claims = detail.claims;
    const missing = requiredClaims.find((name) => claims[name] === undefined);
    const message = (missing && claimMessages[missing]) ?? (typeof claims.sub !== 'string' ? loginMessages.noSub : cause.message);
    return new LoginError('token_validation_error', message, { cause });
  }
  if (isRecord(detail.header) || /\bJWT\b|ID Token|id_token/.test(cause.message)) {
    return new LoginError('token_validation_error', `Invalid id_token: ${cause.message}`, { cause });
  }
  return new LoginError('token_error', `Unusable token response: ${cause.message}`, { cause });
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function jwtHeader(jwt: string): Record<string, unknown> {
  try {
    const part = (jwt.split('.')[0] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const header: unknown = JSON.parse(atob(part));
    return isRecord(header) ? header : {};
  } catch {
    return {};
  }
}

/** OIDC Core §3.1.3.6: the hash that matches the ID token's signing algorithm. */
function hashOf(alg: unknown): string | null {
  if (typeof alg !== 'string') return null;
  if (/^(RS|PS|ES)256$/.test(alg)) return 'SHA-256';
  if (/^(RS|PS|ES)384$/.test(alg)) return 'SHA-384';
  if (/^(RS|PS|ES)512$/.test(alg) || alg === 'EdDSA' || alg === 'Ed25519') return 'SHA-512';
  return null;
}

/**
 * at_hash: oauth4webapi does not check it, so it is checked here. Base64url of the left half of the
 * access token's hash; required only when `required` (SPEC "An at_hash is needed!").
 */
export async function checkAtHash(claims: Readonly<Record<string, unknown>>, idToken: string, accessToken: string, required: boolean): Promise<void> {
  if (claims.at_hash === undefined) {
    if (required) throw new LoginError('token_validation_error', loginMessages.atHashNeeded);
    return;
  }
  const hash = hashOf(jwtHeader(idToken).alg);
  if (hash === null || typeof claims.at_hash !== 'string') throw new LoginError('token_validation_error', loginMessages.wrongAtHash);
  const digest = new Uint8Array(await crypto.subtle.digest(hash, new TextEncoder().encode(accessToken)));
  if (base64url(digest.slice(0, digest.length / 2)) !== claims.at_hash) throw new LoginError('token_validation_error', loginMessages.wrongAtHash);
}

/**
 * Verifies the ID token's signature against the issuer's JWKS (discovery jwks_uri). The JWKS is
 * fetched through a wrapper so that failing to load it (jwks_load_error) is told apart from a key
 * that does not verify the token (token_validation_error).
 */
async function checkIdTokenSignature(config: RuntimeConfig, as: oauth.AuthorizationServer, response: Response): Promise<void> {
  const jwksUri = as.jwks_uri ?? '';
  const loadJwks = async (url: string, init: RequestInit): Promise<Response> => {
    let answer: Response;
    try {
      answer = await fetch(url, init);
    } catch (cause) {
      throw new LoginError('jwks_load_error', `Cannot load the key set ${jwksUri}`, { cause });
    }
    if (!answer.ok) throw new LoginError('jwks_load_error', `The key set ${jwksUri} answered ${answer.status}`);
    const body: unknown = await answer
      .clone()
      .json()
      .catch(() => null);
    if (!isRecord(body) || !Array.isArray(body.keys)) throw new LoginError('jwks_load_error', `The key set ${jwksUri} is not a JWK Set`);
    return answer;
  };
  try {
    await oauth.validateApplicationLevelSignature(as, response, {
      ...httpOptions(config),
      [oauth.customFetch]: loadJwks,
    });
  } catch (cause) {
    if (cause instanceof LoginError) throw cause;
    throw new LoginError('token_validation_error', `Invalid id_token signature: ${messageOf(cause)}`, { cause });
  }
}
