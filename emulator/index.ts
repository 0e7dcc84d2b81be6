/**
 * Platform emulator: a real HTTP implementation of ../../../shared/platform-api.yaml, mounted as
 * connect-style middleware in front of the app (Vite dev and preview) so app and platform share
 * one origin, or run alone by main.ts.
 *
 * One request goes through: platform path? → (control API) → body → request log → faults →
 * overrides → route match → bearer (401) → tenant prefix (404) → permission (403) →
 * Idempotency-Key replay → handler (validation 400, lookup 404) → reply. The bearer step checks
 * DPoP proofs too (auth.ts, dpop.ts); the log entry learns the proof's verdict at the end.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { authenticate, checkPermission, checkTenantPrefix, splitTenantPrefix } from './auth.ts';
import { freshNotes, type RequestContext } from './context.ts';
import { DpopState, inspectRequestProof } from './dpop.ts';
import { RefreshGrace } from './refreshGrace.ts';
import { handleControl } from './control.ts';
import { FaultTable } from './faults.ts';
import { HttpError, apiError, bodyForLog, empty, headersForLog, json, oauthError, readBody, requestOrigin, writeReply, type ApiErrorCode, type Reply } from './http.ts';
import { IdempotencyCache } from './idempotency.ts';
import { RequestLog, type LogEntry } from './log.ts';
import { OverrideTable } from './overrides.ts';
import { Router, type RouteDef } from './router.ts';
import type { Runtime } from './runtime.ts';
import { Store } from './store.ts';
import { TokenService } from './tokens.ts';
import { LANGUAGES } from './data/languages.ts';
import { TranslationFiles } from './data/translations.ts';
import { PERSONA_PASSWORD, USERS } from './data/users.ts';
import { accessRoutes } from './routes/access.ts';
import { authorizeRoutes } from './routes/authorize.ts';
import { crmRoutes } from './routes/crm.ts';
import { remoteRoutes } from './routes/remotes.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { globalizationRoutes } from './routes/globalization.ts';
import { oidcRoutes } from './routes/oidc.ts';
import { samlRoutes } from './routes/saml.ts';
import { stateRoutes } from './routes/state.ts';
import { tokenRoutes } from './routes/token.ts';
import { toolRoutes } from './routes/tools.ts';

export interface PlatformOptions {
  /** Serve /__control/*. Default: process.env.EMULATOR_CONTROL === '1'. */
  control?: boolean;
  /**
   * What every control call must carry in `X-Emulator-Control`. Default: EMULATOR_CONTROL_SECRET,
   * else one made at start (`Platform.controlSecret`).
   */
  controlSecret?: string;
  /** Access token lifetime (contract default 900 s). */
  accessTtlSeconds?: number;
  /** Refresh token lifetime (contract default 28800 s). */
  refreshTtlSeconds?: number;
  /** Folder of the {lang}.json translation files (default: data/translations beside this file). */
  translationsDir?: string;
  /** DPoP (RFC 9449) on at start and after every reset. Default: on unless process.env.EMULATOR_DPOP === '0'. */
  dpop?: boolean;
}

export interface Platform {
  /** connect/Express-style middleware; calls next() for any path that is not a platform path */
  handle(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void;
  reset(): void;
  /** The control API's secret (null with control off): for the harness, never served. */
  controlSecret: string | null;
  personas: ReadonlyArray<{ email: string; password: string; description: string }>;
}

const PLATFORM_PREFIXES = ['/api/', '/seed-translations/', '/authentication/', '/access/', '/oidc/', '/crm/', '/remotes/'];

function controlDefault(): boolean {
  return process.env.EMULATOR_CONTROL === '1';
}

function dpopDefault(): boolean {
  return process.env.EMULATOR_DPOP !== '0';
}

/** Paths the emulator answers; everything else goes to next() (static files, SPA fallback). */
export function isPlatformPath(pathname: string, control: boolean = controlDefault()): boolean {
  if (PLATFORM_PREFIXES.some((p) => pathname.startsWith(p))) return true;
  if (splitTenantPrefix(pathname).prefix !== null) return true;
  return control && pathname.startsWith('/__control/');
}

/** Every route the emulator serves, in match order (tests/unit/contractLists.test.ts checks them against the contract). */
export const platformRoutes: readonly RouteDef[] = [
  ...tokenRoutes,
  ...authorizeRoutes,
  ...accessRoutes,
  ...samlRoutes,
  ...stateRoutes,
  ...globalizationRoutes,
  ...toolRoutes,
  ...oidcRoutes,
  ...crmRoutes,
  ...remoteRoutes,
  ...analyticsRoutes,
];

function buildRouter(): Router {
  return new Router().add(...platformRoutes);
}

function faultReply(status: number, tokenEndpoint: boolean): Reply {
  if (tokenEndpoint && status === 400) return oauthError('invalid_grant', 'Injected fault').reply;
  const code: ApiErrorCode =
    status === 401 ? 'INVALID_TOKEN' : status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : status >= 500 ? (status === 500 ? 'INTERNAL_ERROR' : 'SERVICE_UNAVAILABLE') : 'VALIDATION_ERROR';
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer realm="platform", error="invalid_token"' } : {};
  return json(status, { status, code, message: `Injected fault (${status})` }, headers);
}

/** Same-origin in practice; cross-origin callers (the standalone server) get the contract's CORS allowances. */
function corsHeaders(req: IncomingMessage, origin: string): Record<string, string> {
  const caller = req.headers.origin;
  if (!caller || caller === origin) return {};
  return {
    'access-control-allow-origin': caller,
    'access-control-expose-headers': 'WWW-Authenticate, Idempotent-Replayed, Location, DPoP-Nonce, Date',
    vary: 'Origin',
  };
}

function preflight(): Reply {
  return empty(204, {
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': 'Authorization, Accept-Language, Cache-Control, Content-Type, X-XSRF-TOKEN, Idempotency-Key, DPoP',
    'access-control-max-age': '600',
  });
}

/** Contract "XSRF (Assumed)": a readable XSRF-TOKEN cookie is set, never enforced. */
function xsrfCookie(req: IncomingMessage, path: string): Record<string, string> {
  if (!path.startsWith('/api/')) return {};
  if (/(?:^|;\s*)XSRF-TOKEN=/.test(req.headers.cookie ?? '')) return {};
  return { 'set-cookie': `XSRF-TOKEN=${randomBytes(16).toString('hex')}; Path=/; SameSite=Lax` };
}

function isWrite(method: string): boolean {
  return method === 'POST' || method === 'PUT';
}

export async function createPlatform(opts: PlatformOptions = {}): Promise<Platform> {
  const control = opts.control ?? controlDefault();
  // A web page can neither read this nor send the header without a preflight the emulator refuses.
  const controlSecret = control ? opts.controlSecret || process.env.EMULATOR_CONTROL_SECRET || randomBytes(32).toString('hex') : null;
  const accessTtlSeconds = opts.accessTtlSeconds ?? 900;
  const refreshTtlSeconds = opts.refreshTtlSeconds ?? 28800;
  const dpopAtStart = opts.dpop ?? dpopDefault();
  const tokens = await TokenService.create();
  const translations = new TranslationFiles(opts.translationsDir);
  // Read once now so a missing file is reported at start (it is read again when it appears).
  for (const language of LANGUAGES) translations.get(language.Code);
  const fresh = (): Runtime => ({
    store: new Store({ accessTtlSeconds, refreshTtlSeconds }),
    log: new RequestLog(),
    faults: new FaultTable(),
    overrides: new OverrideTable(),
    idempotency: new IdempotencyCache(),
    tokens,
    translations,
    dpop: new DpopState(dpopAtStart),
    grace: new RefreshGrace(),
  });
  let rt = fresh();
  const router = buildRouter();
  const reset = (): void => {
    // Calls a hold fault still holds go on (against the old state) rather than hang for good.
    rt.faults.clear();
    rt = fresh();
  };

  /** Route match, the contract's check order, idempotency and the handler. */
  async function answer(ctx: RequestContext): Promise<Reply> {
    const match = router.match(ctx.method, ctx.path);
    if (match.kind === 'none') throw apiError(404, 'NOT_FOUND', 'Not found');
    if (match.kind === 'method-not-allowed') {
      const allow = match.allow.join(', ');
      throw apiError(405, 'NOT_FOUND', `Method not allowed; use ${allow}`, { headers: { allow } });
    }
    const { route, params } = match;
    ctx.params = params;
    if (ctx.body.kind === 'too-large') {
      if (route.oauth) throw oauthError('invalid_request', 'Request body too large');
      throw apiError(413, 'VALIDATION_ERROR', 'Request body exceeds 1 MB', { field: 'body' });
    }
    ctx.auth = await authenticate(ctx, route.auth);
    if (route.auth === 'none') {
      // x-token-not-required calls and non-/api paths are never prefixed.
      if (ctx.prefix !== null) throw apiError(404, 'NOT_FOUND', 'Not found');
    } else {
      checkTenantPrefix(ctx);
    }
    checkPermission(ctx, route.permission);
    const key = isWrite(ctx.method) ? ctx.req.headers['idempotency-key'] : undefined;
    const idemKey = typeof key === 'string' && key !== '' ? key : null;
    const who = ctx.auth?.user.id ?? 'anonymous';
    const { idempotency, store } = ctx.rt;
    if (idemKey) {
      const first = idempotency.get(who, idemKey, store.now());
      if (first) return { ...first, headers: { ...first.headers, 'idempotent-replayed': 'true' } };
    }
    let reply: Reply;
    try {
      reply = await route.handler(ctx);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      reply = error.reply;
    }
    if (idemKey && reply.status < 500) idempotency.remember(who, idemKey, reply, store.now());
    if (route.cacheable && reply.status === 200 && store.cacheableMaxAgeSeconds !== null) {
      reply = { ...reply, headers: { ...reply.headers, 'cache-control': `private, max-age=${store.cacheableMaxAgeSeconds}` } };
    }
    return reply;
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const runtime = rt; // a reset during this request does not mix two runtimes
    const method = (req.method ?? 'GET').toUpperCase();
    const rawPath = url.pathname;
    const { prefix, path } = splitTenantPrefix(rawPath);
    const origin = requestOrigin(req);
    const body = await readBody(req);
    const entry: LogEntry = runtime.log.add({
      method,
      path: rawPath,
      ptl: prefix,
      query: Object.fromEntries(url.searchParams),
      headers: headersForLog(req),
      body: bodyForLog(body),
    });
    const dropSocket = (): void => {
      entry.dropped = true;
      req.socket.destroy();
    };
    const extra = { ...corsHeaders(req, origin), ...xsrfCookie(req, path) };
    const ctx: RequestContext = { req, method, rawPath, path, prefix, query: url.searchParams, params: {}, body, origin, rt: runtime, auth: null, notes: freshNotes() };
    /** Copies what the handling found out into the log; a proof nothing acted on is inspected for it. */
    const note = async (): Promise<void> => {
      await inspectRequestProof(ctx);
      entry.dpop = ctx.notes.dpop ?? 'absent';
      if (ctx.notes.dpopError !== undefined) entry.dpopError = ctx.notes.dpopError;
      entry.graceReplay = ctx.notes.graceReplay;
      entry.reuse = ctx.notes.reuse;
    };
    const send = (reply: Reply): void => {
      entry.status = reply.status;
      // RFC 9449 §8.2: while nonces are required, every answer names the current one.
      const nonce: Record<string, string> = runtime.dpop.enabled && runtime.dpop.requireNonce ? { 'dpop-nonce': runtime.dpop.nonce } : {};
      // The platform's own clock (the control clock included) dates every answer, taken when it is
      // sent (a held call may wait): a client that signs DPoP proofs learns the platform's time
      // from it (contract: a proof's iat within 60 s).
      const date = new Date(runtime.store.now() * 1000).toUTCString();
      writeReply(res, { ...reply, headers: { ...reply.headers, ...nonce, ...extra, date } });
    };
    if (method === 'OPTIONS') {
      send(preflight());
      return;
    }
    const fault = runtime.faults.evaluate(method, path);
    if (fault.held) await fault.held;
    if (fault.latencyMs > 0) await sleep(fault.latencyMs);
    if (fault.terminal?.kind === 'drop') {
      await note();
      dropSocket();
      return;
    }
    if (fault.terminal?.kind === 'status') {
      await note();
      send(faultReply(fault.terminal.status, path.endsWith('/oauth/token') || path === '/oidc/token'));
      return;
    }
    const canned = runtime.overrides.take(method, path);
    if (canned) {
      await note();
      send(canned);
      return;
    }
    let reply: Reply;
    try {
      reply = await answer(ctx);
    } catch (error) {
      if (error instanceof HttpError) {
        reply = error.reply;
      } else {
        console.error('[platform emulator] handler failed', error);
        reply = json(500, { status: 500, code: 'INTERNAL_ERROR', message: 'Internal error' });
      }
    }
    entry.replayed = reply.headers['idempotent-replayed'] === 'true';
    await note();
    if (fault.terminal?.kind === 'dropAfterApply') {
      // The write is applied (and remembered for Idempotency-Key), but the answer is lost.
      entry.status = reply.status;
      dropSocket();
      return;
    }
    send(reply);
  }

  function handle(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
    let url: URL;
    try {
      // Concatenate rather than resolve: a request-target like //api/x must stay a path, not a host.
      const target = req.url ?? '/';
      url = target.startsWith('/') ? new URL(`http://emulator.invalid${target}`) : new URL(target);
    } catch {
      next();
      return;
    }
    if (!isPlatformPath(url.pathname, control)) {
      next();
      return;
    }
    const work = url.pathname.startsWith('/__control/')
      ? handleControl(req, res, { runtime: () => rt, reset, secret: controlSecret! }, url.pathname, url.searchParams)
      : dispatch(req, res, url);
    work.catch((error: unknown) => {
      console.error('[platform emulator] request failed', error);
      writeReply(res, json(500, { status: 500, code: 'INTERNAL_ERROR', message: 'Internal error' }));
    });
  }

  return {
    handle,
    reset,
    controlSecret,
    personas: USERS.map((u) => ({ email: u.email, password: PERSONA_PASSWORD, description: u.description })),
  };
}
