/**
 * A DPoP client for the emulator tests (RFC 9449): an ES256 key pair made in the test, proofs
 * signed with jose's SignJWT, and token / API calls that carry them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { claims, control, form } from './harness.ts';
import type { LogEntry } from '../../../emulator/types.ts';

export interface ProofKey {
  privateKey: CryptoKey;
  /** The public half, as it goes into the proof header. */
  jwk: JWK;
  /** Its RFC 7638 thumbprint (what cnf.jkt must be). */
  jkt: string;
}

export async function proofKey(): Promise<ProofKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const { kty, crv, x, y } = await exportJWK(publicKey);
  const jwk = { kty, crv, x, y };
  return { privateKey, jwk, jkt: await calculateJwkThumbprint(jwk) };
}

export interface ProofClaims {
  htm: string;
  htu: string;
  /** Default: the emulator's clock is not consulted; the test passes it when it moved it. */
  iat?: number;
  jti?: string;
  nonce?: string;
  /** The access token the proof goes with (ath). */
  accessToken?: string;
  /** A header to sign with instead of the usual one (for malformed proofs). */
  header?: Record<string, unknown>;
}

export function ath(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function proof(key: ProofKey, c: ProofClaims): Promise<string> {
  const payload: Record<string, unknown> = { htm: c.htm, htu: c.htu, iat: c.iat ?? Math.floor(Date.now() / 1000), jti: c.jti ?? randomUUID() };
  if (c.nonce !== undefined) payload.nonce = c.nonce;
  if (c.accessToken !== undefined) payload.ath = ath(c.accessToken);
  return new SignJWT(payload).setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: key.jwk, ...c.header }).sign(key.privateKey);
}

export const TOKEN_PATH = '/api/access/v1/oauth/token';

/** A token endpoint call with a DPoP header (or none when `dpop` is null). */
export function tokenCallWith(base: string, values: Record<string, string>, dpop: string | null, path = TOKEN_PATH): Promise<Response> {
  const request = form({ client_id: 'trust-shell', ...values });
  if (dpop !== null) request.headers.dpop = dpop;
  return fetch(`${base}${path}`, request);
}

/** Password grant with a fresh proof by `key`. */
export async function signInBound(base: string, email: string, key: ProofKey, extra: Record<string, string> = {}): Promise<Response> {
  const dpop = await proof(key, { htm: 'POST', htu: `${base}${TOKEN_PATH}`, ...extra });
  return tokenCallWith(base, { grant_type: 'password', username: email, password: 'trust-shell-demo' }, dpop);
}

export async function refreshBound(base: string, refreshToken: string, key: ProofKey | null, extra: Record<string, string> = {}): Promise<Response> {
  const dpop = key ? await proof(key, { htm: 'POST', htu: `${base}${TOKEN_PATH}` }) : null;
  return tokenCallWith(base, { grant_type: 'refresh_token', refresh_token: refreshToken, ...extra }, dpop);
}

/** The URL a pipeline call goes to: the token's ptl prefix, as the client adds it. */
export function apiUrl(base: string, path: string, token: string): string {
  const ptl = claims(token).ptl;
  return typeof ptl === 'string' ? `${base}/${ptl}${path}` : `${base}${path}`;
}

/** A pipeline GET with `Authorization: DPoP` and the given proof (null: none). */
export function dpopGet(url: string, token: string, dpop: string | null, scheme = 'DPoP'): Promise<Response> {
  const headers: Record<string, string> = { authorization: `${scheme} ${token}` };
  if (dpop !== null) headers.dpop = dpop;
  return fetch(url, { headers });
}

/** A pipeline GET with a correct fresh proof by `key`. */
export async function boundGet(base: string, path: string, token: string, key: ProofKey, overrides: Partial<ProofClaims> = {}): Promise<Response> {
  const url = apiUrl(base, path, token);
  return dpopGet(url, token, await proof(key, { htm: 'GET', htu: url, accessToken: token, ...overrides }));
}

export async function emulatorNow(base: string): Promise<number> {
  return (await control<{ now: number }>(base, 'GET', 'clock')).now;
}

/** One request the emulator received (its request log). */
export type LogRow = LogEntry;

export async function lastLogged(base: string, path: string): Promise<LogRow> {
  const rows = await control<LogRow[]>(base, 'GET', `log?path=${encodeURIComponent(path)}`);
  const last = rows.at(-1);
  if (!last) throw new Error(`nothing logged for ${path}`);
  return last;
}
