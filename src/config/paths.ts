import { paths } from '../core/routeTable';

export { paths, isOutsideShellRoutes, isShellRoute } from '../core/routeTable';

/**
 * The path a remote is chosen by: below /mfe-host, else the whole address (a remote served at its
 * own route). Leading and trailing slashes dropped.
 */
export function remotePathOf(pathname: string): string {
  const inHost = pathname === paths.mfeHost || pathname.startsWith(`${paths.mfeHost}/`);
  return (inHost ? pathname.slice(paths.mfeHost.length) : pathname).replace(/^\/+|\/+$/g, '');
}

/** True for the shell's own /auth page (not /authentication/..., the platform's SAML paths). */
export function isAuthPage(target: string): boolean {
  const path = target.split(/[?#]/)[0];
  return path === paths.auth || path === `${paths.auth}/`;
}

/** SPEC §2: paths that do not trigger the authorised start-up flows. */
export const startupExcludedPrefixes = [
  '/auth',
  '/eula',
  '/landing',
  '/404',
  '/onboarding',
  '/vendor-portal/trust-profile-shares',
] as const;

/** The application's base (SPEC §2 catch-all): the shell is served at the origin's root. */
export const appBase = '/';

/**
 * SPEC §2 catch-all for a path the shell does not own: true when the browser is to load it (its
 * first segment is the base's, or the base is the root), false when it goes to /404.
 */
export function catchAllLoadsPage(pathname: string, base: string = appBase): boolean {
  const baseSegment = base.split('/').filter(Boolean)[0];
  return baseSegment === undefined || pathname.split('/')[1] === baseSegment;
}
