import { pipelineHost } from '../../pipeline/core/host';
import { parseAccessClaims } from './claims';
import { defaultTokenPath } from '../../core/protocol';
import { tokenKindOf, type TokenKind } from './tokenKind';
import { parseTokenAnswer, type TokenResponse } from './tokenAnswer';
import { grantVerdict } from './grantOutcome';
import type { ProofKey } from './proofKey';
import { dpopModule } from './dpopProvider';
import { callDeadline } from '../../pipeline/core/callDeadline';

const tokenPath = defaultTokenPath;
/** SPEC §9 login client: a token call that has not answered after 20 s counts as unanswered. */
export const tokenTimeoutMs = 20_000;
export { tokenResponseSchema, type TokenResponse } from './tokenAnswer';

/** A grant's tokens with what presenting them needs: their kind, and the key a DPoP grant was proven with. */
export interface GrantedTokens {
  tokens: TokenResponse;
  kind: TokenKind;
  proofKey: ProofKey | null;
}

export type TokenResult =
  | ({ ok: true } & GrantedTokens)
  /** refused: the token endpoint answered 400/401 (wrong password, used refresh token, ...). */
  /**
   * malformed: a JSON answer off the contract, or an access token without readable claims (the
   * platform answered, so the grant is spent). A body that is not JSON at all (a proxy's or captive
   * portal's page) counts as unreachable: the platform itself may not have seen the call.
   */
  | { ok: false; reason: 'refused' | 'malformed' }
  /**
   * unreachable: no answer. `givenUp`: the call was sent and then given up on its time limit (or a
   * machine slept past it), so the platform may still have run the grant.
   */
  | { ok: false; reason: 'unreachable'; givenUp?: true };

export interface TokenRequestOptions {
  /** When the call is given up (aborted) as unanswered; 20 s unless the caller waits longer. */
  timeoutMs?: number;
  /** The session's DPoP key: the grant carries a proof by it (sign-in: a new key; refresh: the stored one). */
  proofKey?: ProofKey | null;
  /** authClient.oidc: the endpoint is an OpenID Connect provider's, whose refresh tokens may be opaque (tokenAnswer). */
  oidc?: boolean;
}

/**
 * Posts a grant to the token endpoint: form-encoded, token-not-required (no bearer, no prefix,
 * no Accept-Language), with X-XSRF-TOKEN when the endpoint is on our origin and the cookie exists,
 * and a DPoP proof when a key is given (`dpop.ts` answers a nonce challenge or a refused proof once).
 */
export async function requestToken(form: Record<string, string>, endpoint: string = tokenPath, { timeoutMs = tokenTimeoutMs, proofKey = null, oidc = false }: TokenRequestOptions = {}): Promise<TokenResult> {
  const host = pipelineHost();
  const url = new URL(endpoint, host.origin);
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const xsrf = url.origin === host.origin ? await host.xsrfToken() : null;
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  // The page's timer (a test's clock reaches it), not AbortSignal.timeout.
  const { signal, settle } = callDeadline(null, { timeoutMs });
  const post = async (): Promise<Response> => {
    if (!proofKey) return fetch(url, { method: 'POST', headers, body: new URLSearchParams(form).toString(), credentials: 'same-origin', signal });
    const { sendGrantWithProof } = await dpopModule();
    return sendGrantWithProof({ endpoint: url, form, headers, signal, key: proofKey });
  };
  let response: Response;
  let refusal: unknown = null;
  try {
    response = await post();
    if (response.status === 400 || response.status === 401) refusal = await response.clone().json().catch(() => null);
  } catch (error) {
    const givenUp = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return givenUp ? { ok: false, reason: 'unreachable', givenUp } : { ok: false, reason: 'unreachable' };
  } finally {
    settle();
  }
  const verdict = grantVerdict(response.status, refusal);
  if (verdict === 'refused') return { ok: false, reason: 'refused' };
  // No verdict on the grant (a 5xx, a 429, a 400 that is no OAuth refusal): tried again later, as
  // when the platform cannot be reached; a repeat of an applied grant is within the refresh grace.
  if (verdict === 'unknown') return { ok: false, reason: 'unreachable' };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  const presented = form.grant_type === 'refresh_token' ? form.refresh_token : undefined;
  const parsed = parseTokenAnswer(body, { oidc, ...(presented !== undefined ? { presentedRefreshToken: presented } : {}) });
  if (!parsed.ok) console.warn(parsed.problem);
  // Checked here, at the edge: every caller stores the claims, and SPEC §5 null claims are no session.
  if (!parsed.ok || !parseAccessClaims(parsed.tokens.access_token)) return { ok: false, reason: 'malformed' };
  const granted = grantedTokens(parsed.tokens, proofKey);
  return granted ? { ok: true, ...granted } : { ok: false, reason: 'malformed' };
}

/**
 * A token answer as a session the shell can present: its kind, as `token_type` names it, and the
 * key a DPoP grant was proven with. Null for a type the shell does not know, or a DPoP token for a
 * grant that carried no proof (bound to nobody's key here).
 */
export function grantedTokens(tokens: TokenResponse, proofKey: ProofKey | null): GrantedTokens | null {
  const kind = tokenKindOf(tokens.token_type);
  if (kind === null || (kind === 'DPoP' && !proofKey)) return null;
  return { tokens, kind, proofKey: kind === 'DPoP' ? proofKey : null };
}
