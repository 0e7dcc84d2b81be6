import { describe, expect, it } from 'vitest';
import { isPostRead, isPreparedInPage, isPreparedRead, isStartupRead } from './calls';

describe('isPreparedInPage', () => {
  it.each([
    ['get', '/api/access/v1/permissions', true],
    ['GET', '/api/access/v1/users/current/organizations', true],
    // Start-up reads: the service worker shares one tab's answer with the others.
    ['GET', '/api/global-state/v1/init', false],
    ['GET', '/api/access/v1/users/current/legacy', false],
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

describe('isStartupRead', () => {
  it.each([
    ['GET', '/api/global-state/v1/init', true],
    ['GET', '/api/access/v1/users/current/legacy', true],
    ['GET', '/api/alert/v1/alerts/banner/immediate', true],
    ['GET', '/api/globalization/v2/translations/tenant/en-us', true],
    ['GET', '/api/branding/v1/branding', true],
    // The fall-backs asked only when init fails, and any other read.
    ['GET', '/api/access/v1/permissions', false],
    ['GET', '/api/access/v1/tenants/current', false],
    ['GET', '/api/access/v1/users/current/organizations', false],
    ['POST', '/api/global-state/v1/init', false],
    ['GET', '/eu-tenant-7/api/global-state/v1/init', false],
  ])('%s %s → %s', (method, path, expected) => {
    expect(isStartupRead(method, path)).toBe(expected);
  });
});

describe('isPostRead', () => {
  it('the member’s formats are read with a POST and written with a PUT', () => {
    expect(isPostRead('POST', '/api/globalization/v1/ui-settings/user/4f22/preferences')).toBe(true);
    expect(isPostRead('PUT', '/api/globalization/v1/ui-settings/user/4f22/preferences')).toBe(false);
    expect(isPostRead('POST', '/api/access/v1/eula/acceptance')).toBe(false);
  });
});
