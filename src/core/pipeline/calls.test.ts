import { describe, expect, it } from 'vitest';
import { isPreparedInPage, isPreparedRead } from './calls';

describe('isPreparedInPage', () => {
  it.each([
    ['GET', '/api/global-state/v1/init', true],
    ['get', '/api/access/v1/permissions', true],
    // Cacheable: the service worker keeps the answer for offline use.
    ['GET', '/api/globalization/v1/languages', false],
    ['GET', '/api/atlas/v1/theme', false],
    // Writes: the service worker's outbox replays them.
    ['POST', '/api/access/v1/auth/logout', false],
    ['HEAD', '/api/global-state/v1/init', false],
    // No token: nothing for the pipeline to add.
    ['GET', '/api/access/v1/saml-settings/user-type', false],
    // Not a platform call.
    ['GET', '/config.json', false],
    ['GET', '/eu-tenant-7/api/global-state/v1/init', false],
  ])('%s %s → %s', (method, path, expected) => {
    expect(isPreparedInPage(method, path)).toBe(expected);
  });
});

describe('isPreparedRead', () => {
  it('a GET in the same-origin mode, which only the pipeline sends', () => {
    expect(isPreparedRead('GET', 'same-origin')).toBe(true);
    expect(isPreparedRead('GET', 'cors')).toBe(false);
    expect(isPreparedRead('POST', 'same-origin')).toBe(false);
  });
});
