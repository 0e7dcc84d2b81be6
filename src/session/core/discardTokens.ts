import { parseAccessClaims } from './claims';
import { pipelineHost } from '../../pipeline/core/host';
import { ptlPattern } from '../../pipeline/core/prepareRequest';
import type { AuthClientSettings } from './sessionDb';
import type { GrantedTokens } from './tokenClient';
import { authorization, type TokenKind } from './tokenKind';
import type { ProofKey } from './proofKey';
import { dpopModule } from './dpopProvider';

const logoutPath = '/api/access/v1/auth/logout';
/** Never waited on for long: the tokens are dropped locally whatever the platform says. */
const discardTimeoutMs = 10_000;

/**
 * Revokes a token at the identity provider's revocation endpoint (RFC 7009), when the login client
 * has one (OIDC discovery). Answers null when revoked (RFC 7009 §2.2: a 200, also for a token
 * already invalid), else why not: the caller reports it (token_revoke_error) and forgets the token
 * locally either way.
 */
export async function revokeToken(token: string, hint: 'access_token' | 'refresh_token', client: AuthClientSettings): Promise<string | null> {
  if (!client.revocationEndpoint) return null;
  const host = pipelineHost();
  try {
    const url = new URL(client.revocationEndpoint, host.origin);
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const xsrf = url.origin === host.origin ? await host.xsrfToken() : null;
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ token, token_type_hint: hint, client_id: client.clientId }).toString(),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(discardTimeoutMs),
    });
    return response.ok ? null : `The revocation endpoint answered ${response.status} for the ${hint}`;
  } catch {
    return `The revocation endpoint could not be reached for the ${hint}`;
  }
}

/** The refresh token revoked where the login client can (errors ignored: see `revokeToken`). */
export async function revokeRefreshToken(refreshToken: string, client: AuthClientSettings): Promise<void> {
  await revokeToken(refreshToken, 'refresh_token', client);
}

/**
 * The platform's logout (`POST /api/access/v1/auth/logout`) with `accessToken`, presented as its
 * kind says (a DPoP token with a proof by the session's key). Errors are ignored: whoever calls
 * this forgets the tokens locally either way.
 */
export async function logoutAtPlatform(accessToken: string, kind: TokenKind, proofKey: ProofKey | null): Promise<void> {
  const host = pipelineHost();
  const ptl = parseAccessClaims(accessToken)?.ptl ?? null;
  const path = ptl !== null && ptlPattern.test(ptl) ? `/${ptl}${logoutPath}` : logoutPath;
  const headers: Record<string, string> = { Authorization: authorization(kind, accessToken) };
  const xsrf = await host.xsrfToken();
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const request = new Request(new URL(path, host.origin), {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    cache: 'no-store',
    signal: AbortSignal.timeout(discardTimeoutMs),
  });
  try {
    if (kind === 'DPoP') {
      if (!proofKey) return;
      const { sendWithProof } = await dpopModule();
      await sendWithProof(request, proofKey, accessToken);
    } else {
      await fetch(request);
    }
  } catch {
    // unreachable: nothing more can be done from here
  }
}

/**
 * Tokens nobody will use (a refresh answer that came after its session ended): the platform
 * session they belong to is logged out with their own access token, and their refresh token is
 * revoked where the login client can, so they cannot outlive the member on this device.
 */
export async function discardTokens({ tokens, kind, proofKey }: GrantedTokens, client: AuthClientSettings): Promise<void> {
  await Promise.all([logoutAtPlatform(tokens.access_token, kind, proofKey), revokeRefreshToken(tokens.refresh_token, client)]);
}
