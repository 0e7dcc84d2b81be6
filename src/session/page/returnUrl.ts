/** SPEC §2: paths not worth returning to after sign-out. */
const ignoredPaths = new Set([
  '/404',
  '/app/#/404',
  '/app/#/consent',
  '/app/#/error',
  '/app/#/saml',
  '/app/#/webform',
  '/auth',
  '/error',
  '/eula',
  '/landing',
  '/sso',
  '/welcome',
  '/',
  '',
]);

export function isIgnoredReturnPath(pathWithHash: string): boolean {
  const bare = pathWithHash.replace(/[?].*$/, '').replace(/\/+$/, '') || '/';
  return ignoredPaths.has(bare) || ignoredPaths.has(pathWithHash);
}

/**
 * A return URL is only ever a same-origin path: "/x/y?z#h". Anything absolute, protocol-relative
 * ("//evil"), backslash-tricked ("/\evil") or with control characters is refused (null).
 */
export function safeReturnPath(candidate: string | null | undefined, origin: string): string | null {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  if ([...candidate].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  try {
    const url = new URL(candidate, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
