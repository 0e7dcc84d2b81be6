import type { APIRequestContext } from '@playwright/test';
import type { DpopControlBody, FaultSpec, LifetimesBody, LogEntry, ModuleTermsBody, OverrideSpec, TokenResponse } from '../../../emulator/types.ts';

export type { DpopControlBody, FaultSpec, OverrideSpec, TokenResponse };

/** One request the emulator received (its control API's request log). */
export type LoggedRequest = LogEntry;

/** A public key as a JWK (EC P-256: kty, crv, x, y). */
export type PublicJwk = Record<string, string>;

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

  lifetimes(ttl: LifetimesBody): Promise<void> {
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
  dpop(settings: DpopControlBody): Promise<{ enabled: boolean; requireNonce: boolean; nonce: string }> {
    return this.call('POST', '/dpop', settings);
  }

  /** The refresh grace in seconds (0: none): a rotated refresh token answered again within it. */
  refreshGrace(seconds: number): Promise<void> {
    return this.call('POST', '/refresh-grace', { seconds });
  }

  /** A tenant's own terms of a translation module in a language (the tenant-custom route's customTerms). */
  moduleTerms(spec: ModuleTermsBody): Promise<void> {
    return this.call('POST', '/module-terms', spec);
  }

  override(spec: OverrideSpec): Promise<void> {
    return this.call('POST', '/override', spec);
  }
}

/** The `quietStartup` fixture's platform (see fixtures.ts); also for tests that start a server of their own, or keep the maintenance notice. */
export async function quietenStartup(control: PlatformControl, { keepMaintenance = false, keepProductImprovements = false } = {}): Promise<void> {
  if (!keepMaintenance) await control.override({ method: 'GET', path: '/api/alert/v1/alerts/maintenance/immediate', status: 204 });
  await control.override({ method: 'GET', path: '/api/benchmarking/v1/notification/HOME_PAGE', status: 204 });
  await control.override({
    method: 'GET',
    path: '/api/access/v1/tool-settings/user-preferences',
    status: 200,
    body: { UserFeedback: true, UserGuidance: true, ProductImprovements: false, ProductImprovementsNotification: keepProductImprovements },
  });
}

/** The emulator's initial state and an empty log; quiet (see `quietStartup`) when `quiet`. */
export async function initialPlatform(control: PlatformControl, quiet: boolean): Promise<void> {
  await control.reset();
  if (quiet) await quietenStartup(control);
}
