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
