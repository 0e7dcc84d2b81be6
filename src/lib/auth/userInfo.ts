/**
 * SPEC §7 "GET of the user-info endpoint with a bearer token, reading the sub claim": after an
 * OpenID Connect sign-in the provider is asked who the access token is for, and the answer must name
 * the ID token's subject (OIDC Core §5.3.2), else the sign-in starts no session
 * (user_profile_load_error). A DPoP-bound token goes with a proof, as every call with it does.
 */
import * as z from 'zod/mini';
import type { GrantedTokens } from '../../session/core/tokenClient';
import { authorization } from '../../session/core/tokenKind';
import { sendWithProof } from '../../session/core/dpop';
import { LoginError } from './loginEvents';

const userInfoSchema = z.lazy(() => z.looseObject({ sub: z.string().check(z.minLength(1)) }));

/** As long as a token call may take (SPEC §9's 20 s). */
const userInfoTimeoutMs = 20_000;

function refused(message: string, cause?: unknown): LoginError {
  return new LoginError('user_profile_load_error', message, cause === undefined ? undefined : { cause });
}

/** Reads the user-info endpoint with the new access token and checks its `sub` against the ID token's. */
export async function checkUserInfo(endpoint: string | undefined, { tokens, kind, proofKey }: GrantedTokens, idTokenSub: string): Promise<void> {
  if (!endpoint) throw refused('No user-info endpoint: neither authClient.userinfoEndpoint nor the discovery document names one');
  const request = new Request(endpoint, {
    headers: { Accept: 'application/json', Authorization: authorization(kind, tokens.access_token) },
    cache: 'no-store',
    credentials: 'omit',
    signal: AbortSignal.timeout(userInfoTimeoutMs),
  });
  let response: Response;
  try {
    if (kind === 'DPoP' && proofKey) {
      response = await sendWithProof(request, proofKey, tokens.access_token);
    } else {
      response = await fetch(request);
    }
  } catch (cause) {
    throw refused(`The user-info endpoint ${endpoint} could not be reached`, cause);
  }
  if (!response.ok) throw refused(`The user-info endpoint ${endpoint} answered ${response.status}`);
  const body: unknown = await response.json().catch(() => null);
  const info = userInfoSchema.safeParse(body);
  if (!info.success) throw refused(`The user-info answer of ${endpoint} names no sub`);
  if (info.data.sub !== idTokenSub) throw refused('The user-info sub is not the ID token sub');
}
