import { describe, expect, it } from 'vitest';
import { isAuthPage, isOutsideShellRoutes, remotePathOf } from './paths';

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
