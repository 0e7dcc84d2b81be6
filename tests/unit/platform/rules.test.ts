// Server rules of the contract: bearer 401s, the ptl prefix rule, permissions, and their order.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './contract.ts';
import { api, control, signIn, startPlatform, type Harness } from './harness.ts';
import { isPlatformPath } from '../../../emulator/index.ts';

let h: Harness;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h.close());
beforeEach(() => control(h.base, 'POST', 'reset'));

async function errorOf(res: Response, status: number): Promise<{ code: string; field?: string | null; permission?: string | null }> {
  expect(res.status).toBe(status);
  return ApiError.parse(await res.json());
}

const USER = '/api/access/v1/users/current/legacy';

describe('bearer', () => {
  it('401 MISSING_TOKEN with WWW-Authenticate when no bearer is sent', async () => {
    const res = await fetch(`${h.base}${USER}`);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await errorOf(res, 401)).code).toBe('MISSING_TOKEN');
  });

  it('401 INVALID_TOKEN for a malformed and a forged bearer, and for a refresh token used as a bearer', async () => {
    const tokens = await signIn(h.base, 'admin@acme.test');
    const [head, payload] = tokens.access_token.split('.');
    for (const bad of ['not-a-jwt', `${head}.${payload}.c2lnbmF0dXJl`, tokens.refresh_token]) {
      const res = await fetch(`${h.base}${USER}`, { headers: { authorization: `Bearer ${bad}` } });
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect((await errorOf(res, 401)).code).toBe('INVALID_TOKEN');
    }
  });

  it('401 TOKEN_EXPIRED after the access lifetime (shortened lifetime, then clock moved on)', async () => {
    await control(h.base, 'POST', 'lifetimes', { accessTtlSeconds: 60 });
    const tokens = await signIn(h.base, 'admin@acme.test');
    expect(tokens.expires_in).toBe(60);
    expect((await api(h.base, USER, { token: tokens.access_token })).status).toBe(200);
    await control(h.base, 'POST', 'clock', { offsetSeconds: 61 });
    const res = await api(h.base, USER, { token: tokens.access_token });
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await errorOf(res, 401)).code).toBe('TOKEN_EXPIRED');
  });

  it('validates a bearer sent on a bearer-optional call, and serves it without one', async () => {
    expect((await fetch(`${h.base}/api/globalization/v1/languages`)).status).toBe(200);
    const res = await fetch(`${h.base}/api/globalization/v1/languages`, { headers: { authorization: 'Bearer x.y.z' } });
    expect((await errorOf(res, 401)).code).toBe('INVALID_TOKEN');
  });
});

describe('tenant path prefix', () => {
  it('serves a ptl user only at /{ptl}/api', async () => {
    const { access_token: token } = await signIn(h.base, 'ptl@acme.test');
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${h.base}/eu-tenant-7${USER}`, { headers: auth })).status).toBe(200);
    expect((await errorOf(await fetch(`${h.base}${USER}`, { headers: auth }), 404)).code).toBe('TENANT_PREFIX_REQUIRED');
    expect((await errorOf(await fetch(`${h.base}/eu-acme${USER}`, { headers: auth }), 404)).code).toBe('TENANT_PREFIX_MISMATCH');
  });

  it('answers NOT_FOUND to a prefixed call without ptl, without bearer, or to a never-prefixed call', async () => {
    const { access_token: token } = await signIn(h.base, 'admin@acme.test');
    const prefixed = await fetch(`${h.base}/eu-tenant-7${USER}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await errorOf(prefixed, 404)).code).toBe('NOT_FOUND');
    expect((await errorOf(await fetch(`${h.base}/eu-tenant-7/api/globalization/v1/languages`), 404)).code).toBe('NOT_FOUND');
    const ptlToken = (await signIn(h.base, 'ptl@acme.test')).access_token;
    const tokenEndpoint = await fetch(`${h.base}/eu-tenant-7/api/access/v1/oauth/token`, { method: 'POST', headers: { authorization: `Bearer ${ptlToken}` } });
    expect((await errorOf(tokenEndpoint, 404)).code).toBe('NOT_FOUND');
  });

  it('checks the bearer before the prefix', async () => {
    expect((await errorOf(await fetch(`${h.base}/eu-tenant-7${USER}`), 401)).code).toBe('MISSING_TOKEN');
  });
});

describe('permissions', () => {
  it('403 FORBIDDEN naming the permission', async () => {
    const { access_token: token } = await signIn(h.base, 'basic@acme.test');
    const res = await api(h.base, '/api/access/v1/users/current/tenants', { token });
    expect(await errorOf(res, 403)).toMatchObject({ code: 'FORBIDDEN', permission: 'TENANTS_LIST' });
    const invited = (await signIn(h.base, 'invited@acme.test')).access_token;
    expect((await errorOf(await api(h.base, '/api/access/v1/organizations/root-tree', { token: invited }), 403)).permission).toBe('Login');
    expect(await (await api(h.base, '/api/access/v1/users/current/organizations', { token: invited })).json()).toHaveLength(2);
  });

  it('checks the permission before validating the body', async () => {
    const { access_token: token } = await signIn(h.base, 'basic@acme.test');
    const res = await api(h.base, '/api/access/v1/tool-settings/user-preferences', { token, method: 'PUT', json: { nonsense: true } });
    expect((await errorOf(res, 403)).permission).toBe('UserToolSetting');
  });

  it('lets the admin list all tenants, ordered by name', async () => {
    const { access_token: token } = await signIn(h.base, 'admin@acme.test');
    const names = ((await (await api(h.base, '/api/access/v1/users/current/tenants', { token })).json()) as Array<{ Name: string }>).map((t) => t.Name);
    expect(names).toEqual(['Acme Corp', 'Acme Europe', 'Acme Sandbox']);
  });
});

describe('unknown paths and methods', () => {
  it('answers 404 for an unknown /api path and 405 for a wrong method', async () => {
    expect((await errorOf(await fetch(`${h.base}/api/nothing/here`), 404)).code).toBe('NOT_FOUND');
    const res = await fetch(`${h.base}/api/access/v1/oauth/token`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('isPlatformPath', () => {
  it.each([
    ['/api/access/v1/permissions', false, true],
    ['/eu-tenant-7/api/access/v1/permissions', false, true],
    ['/mfe-host/api/whatever', false, false],
    ['/seed-translations/en-us', false, true],
    ['/authentication/saml2/logout', false, true],
    ['/access/v1/saml/logout', false, true],
    ['/oidc/.well-known/openid-configuration', false, true],
    ['/crm/servlet/servlet.WebToLead', false, true],
    ['/config.json', true, false],
    ['/auth', true, false],
    ['/landing', true, false],
    ['/__control/log', false, false],
    ['/__control/log', true, true],
  ] as const)('%s (control %s) → %s', (path, withControl, expected) => {
    expect(isPlatformPath(path, withControl)).toBe(expected);
  });
});
