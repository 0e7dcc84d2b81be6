/**
 * Real JWTs (RS256, jose). One key pair per emulator process, made at start; its public half is
 * the OIDC issuer's JWKS. Access, refresh and ID tokens carry different `typ` headers so one kind
 * can never be presented as another (a refresh token sent as a bearer is INVALID_TOKEN).
 *
 * Expiry is checked against the emulator's own clock (see Store.now and /__control/clock).
 */
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, errors, type JWK, type JWTPayload, type CryptoKey } from 'jose';

export const ACCESS_TYP = 'at+jwt';
export const REFRESH_TYP = 'rt+jwt';
export const ID_TYP = 'JWT';

/** AccessTokenClaims of the contract plus the emulator's own bookkeeping claims (sid, roleId, client_id). */
export interface AccessClaims {
  guid: string;
  email: string;
  authorities: string[];
  role: string;
  tenantGuid: string;
  orgGroupGuid: string;
  root: string;
  languageId: number;
  virtualRole: boolean;
  ptl?: string;
  iat: number;
  exp: number;
  jti: string;
  sid: string;
  roleId: string;
  client_id: string;
  /** RFC 9449 confirmation: the thumbprint of the DPoP key the token is bound to. */
  cnf?: { jkt: string };
}

/** RefreshTokenClaims (exp required, the rest Assumed) plus what a refresh needs to rebuild the session. */
export interface RefreshClaims {
  exp: number;
  iat: number;
  jti: string;
  guid: string;
  tenantGuid: string;
  orgGroupGuid: string;
  roleId: string;
  org: string | null;
  scope: string;
  sid: string;
  client_id: string;
  cnf?: { jkt: string };
}

/**
 * An OpenID provider whose access tokens the platform takes as its own (`/__control/trusted-issuer`):
 * RFC 9068 JWTs (`typ: at+jwt`) it signed with a key of `jwks`, naming it as `iss` and carrying the
 * AccessTokenClaims with the emulator's bookkeeping claims (sid of a platform session, roleId).
 */
export interface TrustedIssuer {
  issuer: string;
  jwks: { keys: JWK[] };
}

export type VerifyResult<T> = { ok: true; claims: T } | { ok: false; reason: 'expired' | 'invalid'; detail: string };

export class TokenService {
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    private readonly publicJwk: JWK,
    readonly kid: string,
  ) {}

  static async create(): Promise<TokenService> {
    // The private key stays non-extractable; the public half is always exportable (for the JWKS).
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    return new TokenService(privateKey, publicKey, { ...jwk, kid, alg: 'RS256', use: 'sig' }, kid);
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  newJti(): string {
    return randomUUID();
  }

  sign(payload: JWTPayload, typ: string): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: this.kid, typ }).sign(this.privateKey);
  }

  verifyAccess(token: string, nowSeconds: number): Promise<VerifyResult<AccessClaims>> {
    return this.verify<AccessClaims>(token, ACCESS_TYP, nowSeconds, isAccessClaims);
  }

  /** An access token of the platform's own, else of the trusted issuer (if any). */
  async verifyAnyAccess(token: string, nowSeconds: number, trusted: TrustedIssuer | null): Promise<VerifyResult<AccessClaims>> {
    const own = await this.verifyAccess(token, nowSeconds);
    if (own.ok || own.reason === 'expired' || trusted === null) return own;
    const theirs = await verifyWith(token, createLocalJWKSet(trusted.jwks), { typ: ACCESS_TYP, issuer: trusted.issuer, nowSeconds, algorithms: undefined }, isAccessClaims);
    return theirs.ok || theirs.reason === 'expired' ? theirs : own;
  }

  verifyRefresh(token: string, nowSeconds: number): Promise<VerifyResult<RefreshClaims>> {
    return this.verify<RefreshClaims>(token, REFRESH_TYP, nowSeconds, isRefreshClaims);
  }

  /** ID tokens as id_token_hint: expiry is not checked (OIDC RP-initiated logout allows expired hints). */
  async verifyIdTokenHint(token: string): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, { algorithms: ['RS256'], typ: ID_TYP, currentDate: new Date(0) });
      return payload;
    } catch {
      return null;
    }
  }

  private verify<T>(token: string, typ: string, nowSeconds: number, guard: (p: JWTPayload) => p is JWTPayload & T): Promise<VerifyResult<T>> {
    return verifyWith(token, this.publicKey, { typ, nowSeconds, algorithms: ['RS256'] }, guard);
  }
}

type VerifyKey = CryptoKey | ReturnType<typeof createLocalJWKSet>;

async function verifyWith<T>(
  token: string,
  key: VerifyKey,
  { typ, nowSeconds, issuer, algorithms }: { typ: string; nowSeconds: number; issuer?: string; algorithms: string[] | undefined },
  guard: (p: JWTPayload) => p is JWTPayload & T,
): Promise<VerifyResult<T>> {
  try {
    const options = {
      typ,
      currentDate: new Date(nowSeconds * 1000),
      clockTolerance: 0,
      requiredClaims: ['exp', 'iat', 'jti'],
      ...(algorithms ? { algorithms } : {}),
      ...(issuer ? { issuer } : {}),
    };
    // jose's two overloads (a key, a key set) take the same options.
    const { payload } = typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options);
    if (!guard(payload)) return { ok: false, reason: 'invalid', detail: 'unexpected claims' };
    return { ok: true, claims: payload };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', detail: 'token expired' };
    return { ok: false, reason: 'invalid', detail: error instanceof Error ? error.message : 'invalid token' };
  }
}

function isAccessClaims(p: JWTPayload): p is JWTPayload & AccessClaims {
  return typeof p.guid === 'string' && typeof p.sid === 'string' && typeof p.tenantGuid === 'string' && typeof p.orgGroupGuid === 'string' && typeof p.roleId === 'string';
}

function isRefreshClaims(p: JWTPayload): p is JWTPayload & RefreshClaims {
  return typeof p.guid === 'string' && typeof p.sid === 'string' && typeof p.tenantGuid === 'string' && typeof p.orgGroupGuid === 'string' && typeof p.roleId === 'string' && typeof p.scope === 'string';
}

/** OIDC Core §3.1.3.6: left half of the SHA-256 of the access token, base64url. */
export function atHash(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
}

/** RFC 7636 S256. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
