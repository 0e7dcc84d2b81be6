/**
 * How the stored access token is presented: the token answer's `token_type`, nothing else
 * (contract "Sender-constrained tokens"). The proof a DPoP token needs is `dpop.ts`'s.
 */
export type TokenKind = 'Bearer' | 'DPoP';

/** The kind a token answer names (case-insensitive, RFC 6749 §7.1), or null for one the shell does not know. */
export function tokenKindOf(tokenType: unknown): TokenKind | null {
  if (typeof tokenType !== 'string') return null;
  const lower = tokenType.toLowerCase();
  if (lower === 'bearer') return 'Bearer';
  if (lower === 'dpop') return 'DPoP';
  return null;
}

/** The `Authorization` header value for a token of this kind. */
export function authorization(kind: TokenKind, accessToken: string): string {
  return `${kind} ${accessToken}`;
}
