import type { APIRequestContext } from '@playwright/test';

/** One request the emulator received (its control API's request log). */
export interface LoggedRequest {
  seq: number;
  /** ISO 8601 time the emulator received the call. */
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  /** A drop / dropAfterApply fault destroyed the socket instead of answering. */
  dropped: boolean;
  /** An Idempotency-Key repeat answered from the platform's memory, not applied again. */
  replayed: boolean;
  /** Whether the call carried a DPoP proof, and whether the platform found it valid. */
  dpop: 'absent' | 'valid' | 'invalid';
  dpopError?: string;
  /** A refresh answered again within the refresh grace (the same answer, nothing changed). */
  graceReplay: boolean;
  /** A rotated refresh token presented outside the grace: refused, and its session revoked. */
  reuse: boolean;
}

/** A public key as a JWK (EC P-256: kty, crv, x, y). */
export type PublicJwk = Record<string, string>;

/** The emulator's DPoP settings (contract "Sender-constrained tokens"). */
export interface DpopSettings {
  enabled?: boolean;
  requireNonce?: boolean;
  /** Makes a new nonce current, announced on every answer; the previous one is still taken 5 minutes (contract). */
  rotateNonce?: boolean;
  /** Makes a new nonce current and refuses the previous one at once (use_dpop_nonce). */
  expireNonce?: boolean;
}

export interface FaultSpec {
  path: string;
  method?: string;
  latencyMs?: number;
  status?: number;
  everyNth?: number;
  probability?: number;
  drop?: boolean;
  dropAfterApply?: boolean;
  times?: number;
  /** Hold matching calls unanswered until the fault is removed (`removeFault`, `clearFaults`). */
  hold?: boolean;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

/** A server with the emulator's control API: where it is and the secret its control calls carry. */
export interface ControlTarget {
  baseURL: string;
  controlSecret: string;
}

/** Typed client of the emulator's test-only control API (EMULATOR_CONTROL=1 and its secret). */
export class PlatformControl {
  readonly baseURL: string;
  private readonly secret: string;

  constructor(
    private readonly request: APIRequestContext,
    target: ControlTarget,
  ) {
    this.baseURL = target.baseURL;
    this.secret = target.controlSecret;
  }

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
    // A fresh connection per call: a kept-alive socket may be closed by the server's idle timeout
    // at the very moment it is reused (ECONNRESET).
    const response = await this.request.fetch(`${this.baseURL}/__control${path}`, {
      method,
      headers: { Connection: 'close', 'X-Emulator-Control': this.secret },
      ...(data !== undefined ? { data } : {}),
    });
    if (!response.ok()) throw new Error(`control ${method} ${path} answered ${response.status()}: ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  reset(): Promise<void> {
    return this.call('POST', '/reset');
  }

  /** The request log, optionally only paths starting with `pathPrefix` (un-prefixed or prefixed as sent). */
  async log(filter: { path?: string; method?: string } = {}): Promise<LoggedRequest[]> {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(filter)) if (v !== undefined) query.set(k, v);
    return this.call('GET', `/log${query.size ? `?${query.toString()}` : ''}`);
  }

  clearLog(): Promise<void> {
    return this.call('DELETE', '/log');
  }

  fault(spec: FaultSpec): Promise<{ id: string }> {
    return this.call('POST', '/faults', spec);
  }

  clearFaults(): Promise<void> {
    return this.call('DELETE', '/faults');
  }

  /** Removes one fault; the calls a `hold` fault was holding then go on. */
  removeFault(id: string): Promise<void> {
    return this.call('DELETE', `/faults/${encodeURIComponent(id)}`);
  }

  lifetimes(ttl: { accessTtlSeconds?: number; refreshTtlSeconds?: number }): Promise<void> {
    return this.call('POST', '/lifetimes', ttl);
  }

  clock(offsetSeconds: number): Promise<void> {
    return this.call('POST', '/clock', { offsetSeconds });
  }

  /** The contract's cacheable answers carry `Cache-Control: private, max-age={seconds}` (null: none). */
  cacheAnswers(seconds: number | null): Promise<void> {
    return this.call('POST', '/caching', { cacheableMaxAgeSeconds: seconds });
  }

  /** Tokens for `email`; with `jwk` (a public key) and DPoP on, bound to that key (token_type DPoP). */
  token(email: string, jwk?: PublicJwk): Promise<TokenResponse> {
    return this.call('POST', '/token', jwk ? { email, jwk } : { email });
  }

  /** The personas: e-mail, guid and more (emulator README). */
  personas(): Promise<{ email: string; guid: string }[]> {
    return this.call('GET', '/personas');
  }

  /** The platform takes this OpenID provider's RFC 9068 access tokens as its own (until a reset). */
  trustIssuer(issuer: string, jwks: { keys: Record<string, unknown>[] }): Promise<void> {
    return this.call('POST', '/trusted-issuer', { issuer, jwks });
  }

  /** Changes the emulator's DPoP settings; answers them, with the nonce now current. */
  dpop(settings: DpopSettings): Promise<{ enabled: boolean; requireNonce: boolean; nonce: string }> {
    return this.call('POST', '/dpop', settings);
  }

  /** The refresh grace in seconds (0: none): a rotated refresh token answered again within it. */
  refreshGrace(seconds: number): Promise<void> {
    return this.call('POST', '/refresh-grace', { seconds });
  }

  /** A tenant's own terms of a translation module in a language (the tenant-custom route's customTerms). */
  moduleTerms(spec: { tenantGuid: string; module: string; language: string; terms: Record<string, string> }): Promise<void> {
    return this.call('POST', '/module-terms', spec);
  }

  override(spec: { method: string; path: string; status: number; body?: unknown; contentType?: string; times?: number }): Promise<void> {
    return this.call('POST', '/override', spec);
  }
}
