/**
 * Every route of the shell in one typed object (SPEC §2 route table), and which addresses its
 * routes answer. In core so the service worker serves the shell for exactly these (src/config/paths
 * re-exports them for the page).
 */
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

/** Paths the route table owns whole; /mfe-host and the remotes' own routes own everything below them too. */
const exactShellPaths: ReadonlySet<string> = new Set(Object.values(paths));

/**
 * True for a path the shell's routes answer (the route table, /mfe-host/…, and each configured
 * remote's /{route}/…): the service worker serves the shell only for these.
 */
export function isShellRoute(pathname: string, remoteRoutes: readonly string[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (exactShellPaths.has(path)) return true;
  const owners = [paths.mfeHost.slice(1), ...remoteRoutes.filter(isOutsideShellRoutes)];
  return owners.some((route) => path === `/${route}` || path.startsWith(`/${route}/`));
}

