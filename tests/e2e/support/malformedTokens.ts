import { tokenClaims } from './credentials.ts';

/**
 * Access and refresh tokens a broken or hostile platform (or corrupt storage) could hand the shell,
 * built from a real token's claims so only the named defect differs.
 */
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** name → token; `real` is a token the platform issued (its claims are reused). */
export function malformedTokens(real: string) {
  const [header, , signature] = real.split('.') as [string, string, string];
  const claims = tokenClaims(real);
  const withClaims = (changes: Record<string, unknown>) => `${header}.${b64({ ...claims, ...changes })}.${signature}`;
  const { exp: _exp, ...noExp } = claims;
  return {
    'two parts': `${header}.${b64(claims)}`,
    'bad base64': `${header}.!!not*base64!!.${signature}`,
    'non-JSON payload': `${header}.${b64('not json {')}.${signature}`,
    'missing exp': `${header}.${b64(noExp)}.${signature}`,
    'exp in milliseconds': withClaims({ exp: Number(claims.exp) * 1000 }),
    'exp 1e20': withClaims({ exp: 1e20 }),
    'exp and iat "Infinity"': withClaims({ exp: 'Infinity', iat: 'Infinity' }),
    'iat 1e308 with exp 1e308': withClaims({ exp: 1e308, iat: 1e308 }),
    'negative exp': withClaims({ exp: -1 }),
    'non-numeric exp': withClaims({ exp: 'soon' }),
    'alg none, unsigned': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
    'empty string': '',
  };
}

/** A 1 MB token with readable claims: no header could carry it (too big for the token endpoint's control API too). */
export function megabyteToken(real: string): string {
  const [header, , signature] = real.split('.') as [string, string, string];
  return `${header}.${b64({ ...tokenClaims(real), padding: 'x'.repeat(1024 * 1024) })}.${signature}`;
}
