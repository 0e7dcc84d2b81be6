/**
 * The DPoP rules of the contract ("Sender-constrained tokens", RFC 9449) that need no key and no
 * network: what a proof's htu is, what a challenge asks for and which nonce values are taken. Only
 * the signer (`dpop.ts`, loaded on demand) uses them; which scheme a token answer names is
 * `tokenKind.ts`.
 */

/**
 * The proof's `htu`: the URL actually sent (tenant prefix included), without query or fragment
 * (RFC 9449 §4.2).
 */
export function proofTarget(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/**
 * A nonce the shell repeats in its proofs: one plain token (RFC 9449 §8.1 NQCHAR, without spaces
 * or quotes), at most 512 characters. Anything else (a header smuggling a quote, a megabyte) is
 * ignored, as if the platform had sent none.
 */
const plainNonce = /^[\x21\x23-\x5B\x5D-\x7E]{1,512}$/;
export function plainNonceOf(value: string | null | undefined): string | null {
  return value && plainNonce.test(value) ? value : null;
}

/** What a refused call asks of the proof: a nonce to repeat, a fresh proof, or nothing of DPoP. */
export type ProofChallenge = 'use_dpop_nonce' | 'invalid_dpop_proof' | null;

/** The DPoP challenge of a resource server's 401 (`WWW-Authenticate: DPoP error="…"`), if any. */
export function resourceChallenge(status: number, wwwAuthenticate: string | null): ProofChallenge {
  if (status !== 401 || !wwwAuthenticate) return null;
  // Only the DPoP challenge counts; a Bearer challenge beside it says nothing about the proof.
  const dpop = /(?:^|,)\s*DPoP\b([^]*)$/i.exec(wwwAuthenticate)?.[1] ?? null;
  if (dpop === null) return null;
  const error = /\berror\s*=\s*"?([A-Za-z_]+)"?/.exec(dpop)?.[1];
  return error === 'use_dpop_nonce' || error === 'invalid_dpop_proof' ? error : null;
}

/** The DPoP challenge of a token endpoint's 400 OAuthError body (`error`), if any. */
export function tokenEndpointChallenge(status: number, body: unknown): ProofChallenge {
  if (status !== 400 || typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  return error === 'use_dpop_nonce' || error === 'invalid_dpop_proof' ? error : null;
}
