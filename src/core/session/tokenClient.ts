import * as z from 'zod/mini';
import { pipelineHost } from '../pipeline/host';
import { parseAccessClaims } from './claims';
import { defaultTokenPath } from '../protocol';

const tokenPath = defaultTokenPath;
/** SPEC §9 login client: a token call that has not answered after 20 s counts as unanswered. */
export const tokenTimeoutMs = 20_000;
const jwt = z.string().check(z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/));

export const tokenResponseSchema = z.object({
  access_token: jwt,
  refresh_token: jwt,
  token_type: z.string().check(z.refine((v) => v.toLowerCase() === 'bearer')),
  expires_in: z.int().check(z.positive()),
  scope: z.string(),
  id_token: z.optional(jwt),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export type TokenResult =
  | { ok: true; tokens: TokenResponse }
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

/**
 * Posts a grant to the token endpoint: form-encoded, token-not-required (no bearer, no prefix,
 * no Accept-Language), with X-XSRF-TOKEN when the endpoint is on our origin and the cookie exists.
 * `timeoutMs`: when the call is given up (aborted) as unanswered; 20 s unless the caller waits longer.
 */
export async function requestToken(form: Record<string, string>, endpoint: string = tokenPath, { timeoutMs = tokenTimeoutMs } = {}): Promise<TokenResult> {
  const host = pipelineHost();
  const url = new URL(endpoint, host.origin);
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const xsrf = url.origin === host.origin ? await host.xsrfToken() : null;
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: new URLSearchParams(form).toString(),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const givenUp = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return givenUp ? { ok: false, reason: 'unreachable', givenUp } : { ok: false, reason: 'unreachable' };
  }
  if (response.status === 400 || response.status === 401) return { ok: false, reason: 'refused' };
  if (!response.ok) return { ok: false, reason: 'unreachable' };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  const parsed = tokenResponseSchema.safeParse(body);
  // Checked here, at the edge: every caller stores the claims, and SPEC §5 null claims are no session.
  if (!parsed.success || !parseAccessClaims(parsed.data.access_token)) return { ok: false, reason: 'malformed' };
  return { ok: true, tokens: parsed.data };
}
