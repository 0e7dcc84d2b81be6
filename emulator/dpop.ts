/**
 * Sender-constrained tokens (RFC 9449 DPoP; contract "Sender-constrained tokens"): proof
 * verification, key thumbprints, the server nonce and the jti replay cache. One DpopState per
 * runtime, so a reset brings back the start settings (on unless EMULATOR_DPOP=0, no nonce).
 *
 * This file only judges proofs; token.ts (grants), auth.ts (API calls) and grants.ts (cnf.jkt)
 * decide what a verdict means for the call.
 */
import { createHash, randomBytes } from 'node:crypto';
import { EmbeddedJWK, calculateJwkThumbprint, decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import type { RequestContext } from './context.ts';

export const PROOF_TYP = 'dpop+jwt';
/** Contract: a proof whose iat is more than 60 s off the platform's clock is stale. */
export const PROOF_MAX_SKEW_SECONDS = 60;
/** A jti is remembered this long (far beyond the ±60 s a proof lives), and at most MAX_JTIS of them. */
const JTI_MEMORY_SECONDS = 300;
const MAX_JTIS = 100_000;
/** JWK members that only a private (or symmetric) key has. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

export type ProofError = 'invalid_dpop_proof' | 'use_dpop_nonce';
export type ProofVerdict = { ok: true; jkt: string } | { ok: false; error: ProofError; reason: string };

export interface ProofExpectation {
  /** The request's method (htm). */
  method: string;
  /** The URL the client called as the emulator sees it: origin + path as received (htu). */
  url: string;
  /** The emulator's clock (Store.now). */
  now: number;
  /** The access token sent with the proof (API calls), checked against `ath`. */
  accessToken?: string;
}

export interface DpopSettings {
  enabled: boolean;
  requireNonce: boolean;
  nonce: string;
}

/** Why `jwk` is not a public EC P-256 key (the only kind a proof may carry), or null. */
function publicP256Problem(jwk: JWK): string | null {
  if (PRIVATE_MEMBERS.some((m) => m in jwk)) return 'jwk carries private key members';
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256') return 'jwk must be an EC P-256 key';
  return null;
}

/** RFC 7638 thumbprint of a public EC P-256 key, after checking it is one (throws otherwise). */
export async function thumbprintOfPublicKey(jwk: JWK): Promise<string> {
  const problem = publicP256Problem(jwk);
  if (problem) throw new Error(problem);
  // Imports (and so validates the point) the way a proof's key would be.
  await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, 'ES256');
  return calculateJwkThumbprint(jwk);
}

/** base64url SHA-256 of the access token, the proof's `ath` (RFC 9449 §4.2). */
export function accessTokenHash(token: string): string {
  return createHash('sha256').update(token, 'ascii').digest('base64url');
}

/** scheme://host/path of a URL without query and fragment, normalised by WHATWG URL; null if unparsable. */
export function htuOf(value: string): string | null {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return null;
  }
}

/** Contract: a nonce stays valid for at least 5 minutes after the platform replaces it. */
export const NONCE_OVERLAP_SECONDS = 300;

function newNonce(): string {
  return randomBytes(24).toString('base64url'); // 32 characters
}

function fail(reason: string, error: ProofError = 'invalid_dpop_proof'): ProofVerdict {
  return { ok: false, error, reason };
}

export class DpopState {
  enabled: boolean;
  requireNonce = false;
  private current = newNonce();
  /** jti → the emulator time until which it is remembered. */
  private readonly seen = new Map<string, number>();

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  get nonce(): string {
    return this.current;
  }

  /**
   * The nonce replaced last and until when (emulator time) it is still taken: the contract keeps a
   * nonce valid for at least 5 minutes, and every answer announces the new one meanwhile.
   */
  private previous: { nonce: string; until: number } | null = null;

  /** A new nonce is current (announced on every answer); the previous one is still taken for 5 minutes. */
  rotateNonce(now: number): void {
    this.previous = { nonce: this.current, until: now + NONCE_OVERLAP_SECONDS };
    this.current = newNonce();
  }

  /** A new nonce is current and the previous one is refused at once (use_dpop_nonce): its 5 minutes are over. */
  expireNonce(): void {
    this.previous = null;
    this.current = newNonce();
  }

  private takesNonce(nonce: unknown, now: number): boolean {
    return nonce === this.current || (this.previous !== null && nonce === this.previous.nonce && now <= this.previous.until);
  }

  settings(): DpopSettings {
    return { enabled: this.enabled, requireNonce: this.requireNonce, nonce: this.current };
  }

  /**
   * The full check for a proof the emulator acts on: signature by the embedded key, typ, alg,
   * htm, htu, iat, ath (when a token goes with it), the nonce when required, and a jti never
   * seen; the jti is remembered only when everything else holds.
   */
  verify(proof: string, expected: ProofExpectation): Promise<ProofVerdict> {
    return this.check(proof, expected, true);
  }

  /**
   * For the request log of calls whose proof nobody acts on (a Bearer call, a faulted call, DPoP
   * off): the stateless checks only (no nonce, jti or ath), and nothing is remembered.
   */
  async inspect(proof: string, expected: ProofExpectation): Promise<ProofVerdict> {
    return this.check(proof, { ...expected, accessToken: undefined }, false);
  }

  private async check(proof: string, expected: ProofExpectation, full: boolean): Promise<ProofVerdict> {
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(proof);
    } catch {
      return fail('not a JWS');
    }
    if (header.typ !== PROOF_TYP) return fail(`typ must be ${PROOF_TYP}`);
    if (header.alg !== 'ES256') return fail('alg must be ES256');
    const jwk = header.jwk;
    if (!jwk || typeof jwk !== 'object') return fail('jwk header missing');
    const problem = publicP256Problem(jwk);
    if (problem) return fail(problem);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(proof, EmbeddedJWK, { typ: PROOF_TYP, algorithms: ['ES256'], currentDate: new Date(expected.now * 1000) }));
    } catch (error) {
      return fail(`signature or claims refused: ${error instanceof Error ? error.message : 'invalid'}`);
    }
    const { htm, htu, iat, jti, ath, nonce } = payload;
    if (htm !== expected.method) return fail(`htm ${String(htm)} is not ${expected.method}`);
    const wanted = htuOf(expected.url);
    if (typeof htu !== 'string' || htuOf(htu) === null || htuOf(htu) !== wanted) return fail(`htu ${String(htu)} is not ${wanted ?? expected.url}`);
    if (typeof iat !== 'number' || !Number.isFinite(iat)) return fail('iat missing');
    if (Math.abs(iat - expected.now) > PROOF_MAX_SKEW_SECONDS) return fail(`stale: iat ${iat} is more than ${PROOF_MAX_SKEW_SECONDS} s from ${expected.now}`);
    if (typeof jti !== 'string' || jti === '' || jti.length > 256) return fail('jti missing');
    const jkt = await calculateJwkThumbprint(jwk);
    if (full) {
      if (expected.accessToken !== undefined && ath !== accessTokenHash(expected.accessToken)) return fail('ath does not match the access token');
      if (this.requireNonce && !this.takesNonce(nonce, expected.now)) return fail(nonce === undefined ? 'nonce required' : 'nonce is not the current one', 'use_dpop_nonce');
      // Check and remember with no await between them: two copies of one proof sent together must not both pass.
      this.prune(expected.now);
      if (this.seen.has(jti)) return fail('jti already used (replayed proof)');
      this.remember(jti, expected.now);
    }
    return { ok: true, jkt };
  }

  private remember(jti: string, now: number): void {
    this.seen.set(jti, now + JTI_MEMORY_SECONDS);
    if (this.seen.size > MAX_JTIS) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
  }

  private prune(now: number): void {
    for (const [jti, until] of this.seen) {
      if (until >= now) break; // insertion order is (nearly) time order
      this.seen.delete(jti);
    }
  }
}

/** The one `DPoP` header of the request; `invalid` when several were sent (RFC 9449 §4.3). */
function proofHeader(ctx: RequestContext): string | null | { invalid: string } {
  const value = ctx.req.headers.dpop;
  if (value === undefined) return null;
  if (Array.isArray(value) || value.includes(',')) return { invalid: 'more than one DPoP header' };
  return value.trim();
}

function expectation(ctx: RequestContext, accessToken?: string): ProofExpectation {
  return { method: ctx.method, url: `${ctx.origin}${ctx.rawPath}`, now: ctx.rt.store.now(), accessToken };
}

/**
 * Verifies the request's proof for a call that acts on it (token endpoint, DPoP-scheme API call)
 * and notes the verdict for the request log. Null when no proof was sent.
 */
export async function verifyRequestProof(ctx: RequestContext, accessToken?: string): Promise<ProofVerdict | null> {
  const header = proofHeader(ctx);
  let verdict: ProofVerdict | null;
  if (header === null) verdict = null;
  else if (typeof header === 'object') verdict = fail(header.invalid);
  else verdict = await ctx.rt.dpop.verify(header, expectation(ctx, accessToken));
  noteProof(ctx, verdict);
  return verdict;
}

/** What the request log says about a call whose proof (if any) nothing acted on. */
export async function inspectRequestProof(ctx: RequestContext): Promise<void> {
  if (ctx.notes.dpop !== null) return;
  const header = proofHeader(ctx);
  if (header === null) noteProof(ctx, null);
  else if (typeof header === 'object') noteProof(ctx, fail(header.invalid));
  else noteProof(ctx, await ctx.rt.dpop.inspect(header, expectation(ctx)));
}

/** The log's dpopError names the error code first (`use_dpop_nonce: nonce required`), then why. */
export function noteProof(ctx: RequestContext, verdict: ProofVerdict | null): void {
  ctx.notes.dpop = verdict === null ? 'absent' : verdict.ok ? 'valid' : 'invalid';
  ctx.notes.dpopError = verdict && !verdict.ok ? `${verdict.error}: ${verdict.reason}` : undefined;
}
