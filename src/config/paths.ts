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
