import { describe, expect, it } from 'vitest';
import { isAuthPage } from './paths';

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
