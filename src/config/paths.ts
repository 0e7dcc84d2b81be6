/** Every route of the shell in one typed object (SPEC §2 route table). */
export const paths = {
  root: '/',
  landing: '/landing',
  mfeHost: '/mfe-host',
  notFound: '/404',
  notFoundClouds: '/404/clouds',
  auth: '/auth',
  connectedApps: '/auth/connected-apps',
  eula: '/eula',
  uiKit: '/ui-kit',
} as const;

/** The first path segments of the shell's own routes: a remote whose route starts with none of them is also served at /{route}. */
const shellRouteSegments: ReadonlySet<string> = new Set(Object.values(paths).map((path) => path.split('/')[1] ?? ''));

/** True when a micro-frontend route may also be served at its own address (contract microFrontends[].route). */
export function isOutsideShellRoutes(route: string): boolean {
  const first = route.split('/')[0] ?? '';
  return first !== '' && !shellRouteSegments.has(first);
}

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

/** Paths the route table owns whole; /mfe-host and the remotes' own routes own everything below them too. */
const exactShellPaths: ReadonlySet<string> = new Set(Object.values(paths));

/**
 * True for a path the shell's routes answer (the route table, /mfe-host/…, and each configured
 * remote's /{route}/…): the service worker serves the shell only for these.
 */
export function isShellRoute(pathname: string, remoteRoutes: readonly string[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (exactShellPaths.has(path as (typeof paths)[keyof typeof paths])) return true;
  const owners = [paths.mfeHost.slice(1), ...remoteRoutes.filter(isOutsideShellRoutes)];
  return owners.some((route) => path === `/${route}` || path.startsWith(`/${route}/`));
}

/**
 * SPEC §2 catch-all for a path the shell does not own: true when the browser is to load it (its
 * first segment is the base's, or the base is the root), false when it goes to /404.
 */
export function catchAllLoadsPage(pathname: string, base: string = appBase): boolean {
  const baseSegment = base.split('/').filter(Boolean)[0];
  return baseSegment === undefined || pathname.split('/')[1] === baseSegment;
}
