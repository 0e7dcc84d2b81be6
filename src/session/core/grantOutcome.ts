/**
 * What a token endpoint's answer means for the session (contract "Errors", RFC 6749 §5.2): only a
 * definite OAuth refusal ends it. Anything the platform may not have meant as a verdict on the
 * grant (a proxy's 400 page, `server_error`, `temporarily_unavailable`, 429, 5xx) is an unknown
 * outcome, tried again by the refresh's own rules.
 */
export type GrantVerdict = 'answered' | 'refused' | 'unknown';

/** OAuth error codes that say the grant itself is refused, whatever is tried again. */
const refusal = /^(?:invalid_(?:grant|client|scope|request)|unauthorized_client|unsupported_grant_type)$/;

export function grantVerdict(status: number, body: unknown): GrantVerdict {
  if (status >= 200 && status < 300) return 'answered';
  if (status !== 400 && status !== 401) return 'unknown';
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' && refusal.test(error) ? 'refused' : 'unknown';
}
