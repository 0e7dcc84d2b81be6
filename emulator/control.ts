/**
 * The control API for tests (/__control/*), present only when the emulator runs with control on.
 * It is never logged and faults never apply to it. All answers are JSON. Every call carries the
 * per-run secret in X-Emulator-Control, else 403 before anything is read or done.
 *
 *   POST   /__control/reset                 everything back to the start state
 *   GET    /__control/faults                list;  POST {method?, path, latencyMs?, status?, everyNth?,
 *                                           probability?, drop?, dropAfterApply?, times?, hold?} → {id}
 *   DELETE /__control/faults[/{id}]         clear all / one (releases the calls a hold fault holds)
 *   GET|POST /__control/lifetimes           {accessTtlSeconds?, refreshTtlSeconds?} for tokens issued from now on
 *   GET|POST /__control/clock               {offsetSeconds}: shifts the emulator's now
 *   GET    /__control/log?path=&method=     request log;  DELETE clears it
 *   GET|POST|DELETE /__control/override     canned answers {method, path, status, body?, contentType?, times?}
 *   POST   /__control/token                 {email, scope?, jwk?} → TokenResponse (sign in without the UI);
 *                                           with a public EC P-256 jwk and DPoP on: bound to it (token_type DPoP)
 *   GET|POST /__control/dpop                {enabled?, requireNonce?, rotateNonce?, expireNonce?}: DPoP settings (RFC 9449);
 *                                           rotateNonce keeps the previous nonce valid 5 minutes, expireNonce refuses it at once
 *   GET|POST /__control/refresh-grace       {seconds} (0–300): the refresh grace (contract "Refresh grace")
 *   GET|POST /__control/caching             {cacheableMaxAgeSeconds: number | null}: cacheable answers carry
 *                                           Cache-Control: private, max-age=N (null: no such header)
 *   POST   /__control/module-terms          {tenantGuid, module, language, terms}: the tenant's custom terms of a
 *                                           translation module in a language (tenant-custom route customTerms)
 *   POST|DELETE /__control/trusted-issuer   {issuer, jwks}: the platform takes that OpenID provider's RFC 9068
 *                                           access tokens (its keys, iss, typ at+jwt, AccessTokenClaims + sid, roleId)
 *   GET    /__control/personas              the personas
 *   GET    /__control/cases                 sales cases received
 */
import { z } from 'zod';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, readBody, requestOrigin, safeDecode, writeReply, type ParsedBody, type Reply } from './http.ts';
import type { Runtime } from './runtime.ts';
import { DEFAULT_SCOPE, initialState, issueTokens, startSession } from './grants.ts';
import { LanguageCode, ModuleName, Uuid, fieldOf } from './validate.ts';
import { thumbprintOfPublicKey } from './dpop.ts';
import { MAX_GRACE_SECONDS } from './refreshGrace.ts';
import type { JWK } from 'jose';
import { isActiveContentType } from './overrides.ts';
import { PERSONA_PASSWORD, USERS, userByEmail } from './data/users.ts';
import { tenantById } from './data/tenants.ts';
import { languageByCode } from './data/languages.ts';

export interface ControlDeps {
  runtime(): Runtime;
  reset(): void;
  /** Expected in X-Emulator-Control on every call. */
  secret: string;
}

export const CONTROL_SECRET_HEADER = 'x-emulator-control';

const FaultSpec = z.strictObject({
  method: z.string().min(1).optional(),
  path: z.string().startsWith('/'),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  status: z.number().int().min(100).max(599).optional(),
  everyNth: z.number().int().min(1).optional(),
  probability: z.number().min(0).max(1).optional(),
  drop: z.boolean().optional(),
  dropAfterApply: z.boolean().optional(),
  times: z.number().int().min(1).optional(),
  hold: z.boolean().optional(),
});

const Lifetimes = z.strictObject({
  accessTtlSeconds: z.number().int().min(1).optional(),
  refreshTtlSeconds: z.number().int().min(1).optional(),
});

const Clock = z.strictObject({ offsetSeconds: z.number().int() });

const Override = z.strictObject({
  method: z.string().min(1),
  path: z.string().startsWith('/'),
  status: z.number().int().min(100).max(599),
  body: z.unknown().optional(),
  contentType: z
    .string()
    .refine((type) => !isActiveContentType(type), 'Active content (HTML, XML, SVG) or no media type: the platform origin would run it')
    .optional(),
  times: z.number().int().min(1).optional(),
});

const Caching = z.strictObject({ cacheableMaxAgeSeconds: z.number().int().min(0).nullable() });

/** A public key as WebCrypto exports it (ext, key_ops allowed); thumbprintOfPublicKey checks the rest. */
const PublicJwk = z.looseObject({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string().min(1), y: z.string().min(1) });

const TokenRequest = z.strictObject({ email: z.string().min(1), scope: z.string().min(1).optional(), jwk: PublicJwk.optional() });

const DpopControl = z.strictObject({
  enabled: z.boolean().optional(),
  requireNonce: z.boolean().optional(),
  rotateNonce: z.literal(true).optional(),
  expireNonce: z.literal(true).optional(),
});

const TrustedIssuerControl = z.strictObject({
  issuer: z.url(),
  // Public keys only: a key set with private members is refused (d, p, q, dp, dq, qi, k).
  jwks: z.strictObject({ keys: z.array(z.looseObject({ kty: z.string().min(1) }).refine((k) => !['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'].some((m) => m in k), 'private key material')).min(1) }),
});

/** What the control API takes (tests drive it through these; see emulator/types.ts). */
export type DpopControlBody = z.infer<typeof DpopControl>;
export type LifetimesBody = z.infer<typeof Lifetimes>;
export type TrustedIssuerBody = z.infer<typeof TrustedIssuerControl>;

const RefreshGraceControl = z.strictObject({ seconds: z.number().int().min(0).max(MAX_GRACE_SECONDS) });

const ModuleTerms = z.strictObject({ tenantGuid: Uuid, module: ModuleName, language: LanguageCode, terms: z.record(z.string(), z.string()) });
export type ModuleTermsBody = z.infer<typeof ModuleTerms>;

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

function parse<T>(body: ParsedBody, schema: z.ZodType<T>): T {
  const value = body.kind === 'json' ? body.value : body.kind === 'none' ? {} : undefined;
  if (value === undefined) throw new ControlError(400, 'Expected a JSON body');
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ControlError(400, issue?.message ?? 'invalid', issue ? fieldOf(issue) : 'body');
  }
  return result.data;
}

async function boundKey(jwk: JWK): Promise<string> {
  try {
    return await thumbprintOfPublicKey(jwk);
  } catch (error) {
    throw new ControlError(400, error instanceof Error ? error.message : 'jwk is not a public EC P-256 key', 'jwk');
  }
}

export function personaList(): Array<Record<string, unknown>> {
  return USERS.map((u) => ({
    email: u.email,
    password: PERSONA_PASSWORD,
    description: u.description,
    guid: u.id,
    tenant: u.memberships[0]?.tenant.name ?? null,
    tenantGuid: u.memberships[0]?.tenant.id ?? null,
    ptl: u.memberships[0]?.tenant.ptl ?? null,
    sso: u.sso !== null,
    language: u.languageCode,
    role: u.roles[0]?.name ?? null,
    roles: u.roles.map((r) => ({ id: r.id, name: r.name })),
    tenants: u.memberships.map((m) => ({ id: m.tenant.id, name: m.tenant.name, ptl: m.tenant.ptl })),
  }));
}

async function route(req: IncomingMessage, deps: ControlDeps, method: string, path: string, query: URLSearchParams, body: ParsedBody): Promise<Reply> {
  const rt = deps.runtime();
  const { store } = rt;
  switch (`${method} ${path}`) {
    case 'POST /__control/reset':
      deps.reset();
      return json(200, { ok: true });
    case 'GET /__control/faults':
      return json(200, rt.faults.list());
    case 'POST /__control/faults': {
      const spec = parse(body, FaultSpec);
      return json(201, { id: rt.faults.add(spec).id });
    }
    case 'DELETE /__control/faults':
      rt.faults.clear();
      return json(200, { ok: true });
    case 'GET /__control/lifetimes':
      return json(200, { accessTtlSeconds: store.accessTtlSeconds, refreshTtlSeconds: store.refreshTtlSeconds });
    case 'POST /__control/lifetimes': {
      const spec = parse(body, Lifetimes);
      store.accessTtlSeconds = spec.accessTtlSeconds ?? store.accessTtlSeconds;
      store.refreshTtlSeconds = spec.refreshTtlSeconds ?? store.refreshTtlSeconds;
      return json(200, { accessTtlSeconds: store.accessTtlSeconds, refreshTtlSeconds: store.refreshTtlSeconds });
    }
    case 'GET /__control/clock':
      return json(200, { offsetSeconds: store.clockOffsetSeconds, now: store.now() });
    case 'POST /__control/clock':
      store.clockOffsetSeconds = parse(body, Clock).offsetSeconds;
      return json(200, { offsetSeconds: store.clockOffsetSeconds, now: store.now() });
    case 'GET /__control/log':
      return json(200, rt.log.list({ path: query.get('path'), method: query.get('method') }));
    case 'DELETE /__control/log':
      rt.log.clear();
      return json(200, { ok: true });
    case 'GET /__control/override':
      return json(200, rt.overrides.list());
    case 'POST /__control/override': {
      const spec = parse(body, Override);
      return json(201, { id: rt.overrides.add(spec) });
    }
    case 'DELETE /__control/override':
      rt.overrides.clear();
      return json(200, { ok: true });
    case 'POST /__control/token': {
      const spec = parse(body, TokenRequest);
      const user = userByEmail(spec.email);
      if (!user) throw new ControlError(404, `Unknown persona ${spec.email}`, 'email');
      const jkt = spec.jwk && rt.dpop.enabled ? await boundKey(spec.jwk) : null;
      const state = initialState(user, startSession(rt, user.id, jkt), spec.scope ?? DEFAULT_SCOPE);
      if (!state) throw new ControlError(409, 'The persona has no tenant');
      return json(200, await issueTokens(rt, state, { origin: requestOrigin(req), jkt }));
    }
    case 'GET /__control/dpop':
      return json(200, rt.dpop.settings());
    case 'POST /__control/dpop': {
      const spec = parse(body, DpopControl);
      rt.dpop.enabled = spec.enabled ?? rt.dpop.enabled;
      rt.dpop.requireNonce = spec.requireNonce ?? rt.dpop.requireNonce;
      if (spec.rotateNonce) rt.dpop.rotateNonce(store.now());
      if (spec.expireNonce) rt.dpop.expireNonce();
      return json(200, rt.dpop.settings());
    }
    case 'GET /__control/refresh-grace':
      return json(200, { seconds: rt.grace.seconds });
    case 'POST /__control/refresh-grace':
      rt.grace.seconds = parse(body, RefreshGraceControl).seconds;
      return json(200, { seconds: rt.grace.seconds });
    case 'GET /__control/caching':
      return json(200, { cacheableMaxAgeSeconds: store.cacheableMaxAgeSeconds });
    case 'POST /__control/caching':
      store.cacheableMaxAgeSeconds = parse(body, Caching).cacheableMaxAgeSeconds;
      return json(200, { cacheableMaxAgeSeconds: store.cacheableMaxAgeSeconds });
    case 'POST /__control/module-terms': {
      const spec = parse(body, ModuleTerms);
      const tenant = tenantById(spec.tenantGuid);
      if (!tenant) throw new ControlError(404, `Unknown tenant ${spec.tenantGuid}`, 'tenantGuid');
      if (!languageByCode(spec.language)) throw new ControlError(404, `Unsupported language ${spec.language}`, 'language');
      store.moduleTerms.set(`${tenant.id}|${spec.module}|${spec.language}`, spec.terms);
      return json(200, { ok: true });
    }
    case 'POST /__control/trusted-issuer': {
      const trusted = parse(body, TrustedIssuerControl);
      store.trustedIssuer = { issuer: trusted.issuer, jwks: { keys: trusted.jwks.keys } };
      return json(200, { issuer: trusted.issuer });
    }
    case 'DELETE /__control/trusted-issuer':
      store.trustedIssuer = null;
      return json(200, {});
    case 'GET /__control/personas':
      return json(200, personaList());
    case 'GET /__control/cases':
      return json(200, store.cases);
  }
  const faultId = /^\/__control\/faults\/([^/]+)$/.exec(path)?.[1];
  if (method === 'DELETE' && faultId) {
    if (!rt.faults.remove(safeDecode(faultId) ?? faultId)) throw new ControlError(404, `Unknown fault ${faultId}`);
    return json(200, { ok: true });
  }
  throw new ControlError(404, `Unknown control call ${method} ${path}`);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The secret compared in constant time (digests: equal lengths whatever was sent). */
function carriesSecret(req: IncomingMessage, secret: string): boolean {
  const sent = req.headers[CONTROL_SECRET_HEADER];
  return typeof sent === 'string' && timingSafeEqual(digest(sent), digest(secret));
}

export async function handleControl(req: IncomingMessage, res: ServerResponse, deps: ControlDeps, path: string, query: URLSearchParams): Promise<void> {
  // 403 rather than 404: the harness is told why; a page learns nothing it could read (no CORS).
  if (!carriesSecret(req, deps.secret)) {
    writeReply(res, json(403, { error: `Control calls need the ${CONTROL_SECRET_HEADER} secret`, field: null }, { 'cache-control': 'no-store' }));
    return;
  }
  const body = await readBody(req);
  let reply: Reply;
  try {
    if (body.kind === 'too-large') throw new ControlError(413, 'Body over 1 MB');
    reply = await route(req, deps, (req.method ?? 'GET').toUpperCase(), path, query, body);
  } catch (error) {
    reply =
      error instanceof ControlError
        ? json(error.status, { error: error.message, field: error.field })
        : json(500, { error: error instanceof Error ? error.message : String(error) });
  }
  writeReply(res, { ...reply, headers: { ...reply.headers, 'cache-control': 'no-store' } });
}
