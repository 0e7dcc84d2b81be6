/** The in-flight mark's digest of a refresh token, as `refresh.ts` writes it (hex SHA-256). */
export async function digest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
