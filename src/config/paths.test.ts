import { describe, expect, it } from 'vitest';
import { catchAllLoadsPage, isAuthPage, isOutsideShellRoutes, isShellRoute, remotePathOf } from './paths';

describe('isAuthPage', () => {
  it.each([
    ['/auth', true],
    ['/auth?x=1', true],
    ['/auth/', true],
    ['/authentication/saml2/logout?email=a%40b.test', false],
    ['/auth/connected-apps', false],
    ['/access/v1/saml/logout?email=a', false],
  ])('%s → %s', (target, expected) => {
    expect(isAuthPage(target)).toBe(expected);
  });
});

describe('remote addresses (contract microFrontends[].route)', () => {
  it.each([
    ['reporting/benchmarking', true],
    ['home', true],
    ['mfe-host/x', false],
    ['auth', false],
    ['eula/x', false],
    ['404', false],
    ['landing', false],
    ['ui-kit', false],
  ])('%s served at its own address → %s', (route, outside) => {
    expect(isOutsideShellRoutes(route)).toBe(outside);
  });

  it.each([
    ['/mfe-host', ''],
    ['/mfe-host/', ''],
    ['/mfe-host/risk/4/', 'risk/4'],
    ['/reporting/benchmarking', 'reporting/benchmarking'],
    ['/mfe-hosting', 'mfe-hosting'],
  ])('%s chooses by %s', (pathname, path) => {
    expect(remotePathOf(pathname)).toBe(path);
  });
});

describe('SPEC §2 catch-all', () => {
  it('knows the shell’s own routes, /mfe-host and the remotes’ routes below them', () => {
    const remotes = ['home', 'reporting/benchmarking'];
    for (const path of ['/', '/landing', '/mfe-host', '/mfe-host/a/b', '/auth', '/auth/', '/auth/connected-apps', '/eula', '/404', '/404/clouds', '/reporting/benchmarking/q1'])
      expect(isShellRoute(path, remotes), path).toBe(true);
    for (const path of ['/onboarding/welcome', '/vendor-portal/trust-profile-shares/x', '/app/', '/reporting/other', '/authx', '/mfe-hostile', '/auth/other'])
      expect(isShellRoute(path, remotes), path).toBe(false);
  });

  it('loads the page when the base is the root or the path starts with its segment, else /404', () => {
    expect(catchAllLoadsPage('/onboarding/welcome')).toBe(true);
    expect(catchAllLoadsPage('/onboarding/welcome', '/')).toBe(true);
    expect(catchAllLoadsPage('/shell/x', '/shell/')).toBe(true);
    expect(catchAllLoadsPage('/onboarding/welcome', '/shell/')).toBe(false);
  });
});
