/**
 * panva's oidc-provider (a certified OpenID Provider) as a customer's identity provider would run
 * it, on a free loopback port, for the shell to sign in against: one public client (the shell:
 * PKCE, its /auth to come back to), devInteractions for the login and consent pages, its stock
 * opaque refresh tokens, DPoP as it comes (on), revocation and RP-initiated logout on.
 *
 * The platform takes its access tokens (the emulator's `trustIssuer`): RFC 9068 JWTs for the
 * platform as resource (resource indicators), carrying the AccessTokenClaims of the account's
 * platform session, which `extraTokenClaims` asks the emulator for. An account is a persona's guid
 * (its `sub`) or e-mail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair } from 'jose';
import Provider, { errors } from 'oidc-provider';
import type { PlatformControl } from './platform.ts';

/** One call the provider answered: what the shell sent (its parsed parameters) and the status. */
export interface ProviderCall {
  method: string;
  path: string;
  status: number;
  params: Record<string, unknown>;
  /** The OAuth error it answered, if any. */
  error?: string;
}

export interface OidcIssuer {
  issuer: string;
  calls: ProviderCall[];
  close(): Promise<void>;
}

/** The platform's claims an access token carries (the emulator's own token has them all). */
const platformClaims = ['guid', 'email', 'authorities', 'role', 'roleId', 'tenantGuid', 'orgGroupGuid', 'root', 'languageId', 'virtualRole', 'ptl', 'sid'];

export async function startOidcProvider(shellOrigin: string, platform: PlatformControl, clientId = 'trust-shell'): Promise<OidcIssuer> {
  const personas = await platform.personas();
  const personaOf = (account: string) => personas.find((p) => p.guid === account || p.email === account);
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The platform's resource indicator: its access tokens are for the shell's origin (the platform's, same-origin).
  const resource = `${shellOrigin}/api`;

  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'provider-rs256';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${shellOrigin}/auth`],
        post_logout_redirect_uris: [`${shellOrigin}/auth`],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['trust-shell-e2e-cookie-key'] },
    claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
    findAccount: (_ctx: unknown, sub: string) => {
      const persona = personaOf(sub);
      return persona ? { accountId: sub, claims: () => ({ sub, email: persona.email, name: persona.email }) } : undefined;
    },
    // Refresh tokens for this public client without offline_access (which needs prompt=consent).
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: async (_ctx: unknown, token: { kind: string; accountId?: string }) => {
      const persona = token.kind === 'AccessToken' && token.accountId ? personaOf(token.accountId) : undefined;
      if (!persona) return undefined;
      const claims = decodeJwt((await platform.token(persona.email)).access_token);
      return Object.fromEntries(platformClaims.filter((name) => claims[name] !== undefined).map((name) => [name, claims[name]]));
    },
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return { scope: 'read', audience: resource, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
  });
  const calls: ProviderCall[] = [];
  provider.use(async (ctx, next) => {
    await next();
    const error = typeof ctx.body === 'object' && ctx.body !== null && 'error' in ctx.body && typeof ctx.body.error === 'string' ? ctx.body.error : undefined;
    calls.push({ method: ctx.method, path: ctx.path, status: ctx.status, params: { ...(ctx.oidc?.params ?? {}) }, ...(error ? { error } : {}) });
  });
  server.on('request', provider.callback());
  await platform.trustIssuer(issuer, { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  return {
    issuer,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
