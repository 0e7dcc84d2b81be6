import * as z from 'zod/mini';
import { defaultTokenPath } from '../../core/protocol';
import { readStoredAuthClient, type AuthClientSettings } from './sessionDb';

/**
 * Where the login client's calls may go, derived from /config.json at each start, never from
 * storage. The stored `authClient` entry is a non-authoritative copy (it carries what discovery
 * found at the last OIDC sign-in, for the service worker): every reader re-checks each endpoint
 * against the configuration, and one that disagrees is ignored and reported. An endpoint is
 * taken when it is the configured one, or on this origin (the platform's), or on the configured
 * OIDC issuer's origin (what its discovery names); anything else a script may have written.
 */

/** The part of /config.json (RuntimeConfig.authClient) the endpoints are derived from. */
export interface ConfiguredLogin {
  oidc: boolean;
  issuer: string | null;
  tokenEndpoint: string | null;
  logoutUrl: string | null;
  userinfoEndpoint: string | null;
}

const configuredLoginSchema = z.lazy(() => z.object({
  authClient: z._default(
    z.object({
      oidc: z._default(z.boolean(), false),
      issuer: z._default(z.nullable(z.string()), null),
      tokenEndpoint: z._default(z.nullable(z.string()), null),
      logoutUrl: z._default(z.nullable(z.string()), null),
      userinfoEndpoint: z._default(z.nullable(z.string()), null),
    }),
    () => ({ oidc: false, issuer: null, tokenEndpoint: null, logoutUrl: null, userinfoEndpoint: null }),
  ),
}));

let known: Promise<ConfiguredLogin | null> | null = null;

/** The page tells what it loaded at start (session/page/startSession): no second read of the file. */
export function setConfiguredLogin(login: ConfiguredLogin): void {
  known = Promise.resolve(login);
}

/**
 * The configured login client: the page's, else (the service worker) /config.json read and parsed
 * here, once per worker life. Unreadable: null, asked again next time; meanwhile only this
 * origin's endpoints are taken.
 */
function configuredLogin(): Promise<ConfiguredLogin | null> {
  known ??= fetchConfiguredLogin().then((login) => {
    if (!login) known = null;
    return login;
  });
  return known;
}

async function fetchConfiguredLogin(): Promise<ConfiguredLogin | null> {
  try {
    const response = await fetch(new URL('/config.json', globalThis.location.origin), { cache: 'no-cache', credentials: 'same-origin' });
    // No file: every default (contract RuntimeConfig), as the page reads it.
    const raw: unknown = response.status === 404 ? {} : response.ok ? await response.json() : null;
    if (raw === null) return null;
    const parsed = configuredLoginSchema.safeParse(raw);
    return parsed.success ? parsed.data.authClient : null;
  } catch {
    return null;
  }
}

function originOf(value: string, base: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins an endpoint not named by the configuration may be on. */
export function allowedEndpointOrigins(login: ConfiguredLogin | null, origin: string): Set<string> {
  const allowed = new Set([origin]);
  const issuer = login?.oidc && login.issuer ? originOf(login.issuer, origin) : null;
  if (issuer) allowed.add(issuer);
  return allowed;
}

/**
 * The login client's settings as its calls may use them: the configured endpoints, else the
 * stored (discovered) ones that pass the origin rule, else the platform's own (token endpoint) or
 * none (revocation, end session).
 */
export function trustedSettings(stored: AuthClientSettings, login: ConfiguredLogin | null, origin: string): AuthClientSettings {
  const allowed = allowedEndpointOrigins(login, origin);
  // Discovered endpoints exist only with OIDC on, and belong to the issuer they came from.
  const discovery = login === null || (login.oidc && stored.issuer === login.issuer);
  const take = (what: string, value: string | null | undefined): string | null => {
    if (value === null || value === undefined) return null;
    const from = originOf(value, origin);
    if (from !== null && allowed.has(from) && (discovery || from === origin)) return value;
    console.warn(`Ignored the stored ${what} endpoint ${value}: not one the configuration allows`);
    return null;
  };
  const revocation = take('revocation', stored.revocationEndpoint);
  const endSession = take('end-session', stored.endSessionEndpoint);
  // Without OIDC there is no provider to revoke at or to sign out of.
  const oidcOff = login !== null && !login.oidc;
  return {
    ...stored,
    // The token answers' rules follow it (tokenAnswer): the configuration's, else the copy's issuer.
    oidc: login ? login.oidc : typeof stored.issuer === 'string' && stored.issuer !== '',
    issuer: login ? login.issuer : (stored.issuer ?? null),
    tokenEndpoint: login?.tokenEndpoint ?? take('token', stored.tokenEndpoint) ?? defaultTokenPath,
    revocationEndpoint: oidcOff ? null : revocation,
    endSessionEndpoint: oidcOff ? null : (login?.logoutUrl ?? endSession),
  };
}

/** The login client's settings, every endpoint checked against the configuration (see above). */
export async function readAuthClientSettings(): Promise<AuthClientSettings> {
  const stored = await readStoredAuthClient();
  const origin = globalThis.location.origin;
  // Endpoints on this origin pass without the configuration: the worker reads /config.json only
  // when the copy names another origin (an OIDC issuer's, or a script's).
  const elsewhere = [stored.tokenEndpoint, stored.revocationEndpoint, stored.endSessionEndpoint].some((v) => v !== null && v !== undefined && originOf(v, origin) !== origin);
  const login = known !== null || elsewhere ? await configuredLogin() : null;
  return trustedSettings(stored, login, origin);
}
