import { describe, expect, it } from 'vitest';
import { isIgnoredReturnPath, safeReturnPath } from './returnUrl';

const origin = 'http://localhost:4173';

describe('safeReturnPath only ever yields a same-origin path', () => {
  it.each([
    ['/mfe-host/risk?tab=2#top', '/mfe-host/risk?tab=2#top'],
    ['/a/../b', '/b'],
    ['https://evil.test/x', null],
    ['//evil.test/x', null],
    ['/\\evil.test', null],
    ['javascript:alert(1)', null],
    ['mfe-host', null],
    ['/x\n/y', null],
    ['', null],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnPath(input, origin)).toBe(expected);
  });
});

describe('paths not worth returning to (SPEC §2)', () => {
  it.each(['/404', '/auth', '/eula', '/landing', '/sso', '/welcome', '/error', '/', '/app/#/consent', '/auth/'])('%s is ignored', (p) => {
    expect(isIgnoredReturnPath(p)).toBe(true);
  });
  it.each(['/mfe-host', '/mfe-host/risk', '/authx', '/landing-page'])('%s is kept', (p) => {
    expect(isIgnoredReturnPath(p)).toBe(false);
  });
});
