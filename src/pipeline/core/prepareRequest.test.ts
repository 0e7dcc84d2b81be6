import { describe, expect, it } from 'vitest';
import { prepareRequest, readCookie, type PipelineContext } from './prepareRequest';

const ctx: PipelineContext = {
  origin: 'http://localhost:4173',
  accessToken: 'a.b.c',
  ptl: null,
  language: 'de-de',
  xsrfToken: null,
};
const req = (url: string, method = 'GET', headers: Record<string, string> = {}) => ({ url, method, headers });

describe('the request pipeline rules', () => {
  it('adds bearer, Accept-Language and no-cache to a same-origin /api call', () => {
    expect(prepareRequest(req('/api/access/v1/permissions'), ctx)).toEqual({
      kind: 'prepared',
      url: 'http://localhost:4173/api/access/v1/permissions',
      pipeline: true,
      headers: { Authorization: 'Bearer a.b.c', 'Accept-Language': 'de-de', 'Cache-Control': 'no-cache' },
    });
  });

  it('sends max-age=3600 on the contract cacheable calls only', () => {
    const cc = (url: string, method = 'GET') => {
      const p = prepareRequest(req(url, method), ctx);
      return p.kind === 'prepared' ? p.headers['Cache-Control'] : undefined;
    };
    expect(cc('/api/globalization/v1/translations/de-de?language=de-de')).toBe('max-age=3600');
    expect(cc('/api/branding/v1/branding?isWorkspaceNavigation=true')).toBe('max-age=3600');
    expect(cc('/api/atlas/v1/theme')).toBe('max-age=3600');
    expect(cc('/api/global-state/v1/init')).toBe('no-cache');
    expect(cc('/api/atlas/v1/theme', 'PUT')).toBe('no-cache');
  });

  it('prefixes /api with the ptl claim', () => {
    const p = prepareRequest(req('/api/atlas/v1/theme'), { ...ctx, ptl: 'eu-tenant-7' });
    expect(p.kind === 'prepared' && p.url).toBe('http://localhost:4173/eu-tenant-7/api/atlas/v1/theme');
  });

  it.each(['../x', 'a/b', 'évil', '', 'x'.repeat(65), 'a?b'])('refuses a ptl that is not one safe segment: %j', (ptl) => {
    expect(prepareRequest(req('/api/atlas/v1/theme'), { ...ctx, ptl }).kind).toBe('refused');
  });

  it('never touches a cross-origin request', () => {
    expect(prepareRequest(req('https://cdn.test/api/x'), ctx)).toEqual({ kind: 'untouched' });
    expect(prepareRequest(req('//cdn.test/api/x'), ctx)).toEqual({ kind: 'untouched' });
  });

  it('gives a trusted API origin the access token and nothing else of the pipeline (SPEC §7 allowed URLs)', () => {
    const trusting = { ...ctx, ptl: 'eu-tenant-7', xsrfToken: 'xs', tokenKind: 'DPoP' as const, trustedApiOrigins: ['https://api.partner.test'] };
    expect(prepareRequest(req('https://api.partner.test/api/v1/risks?x=1', 'POST', { authorization: 'Bearer forged', 'Content-Type': 'application/json' }), trusting)).toEqual({
      kind: 'prepared',
      url: 'https://api.partner.test/api/v1/risks?x=1',
      headers: { 'Content-Type': 'application/json', Authorization: 'DPoP a.b.c' },
      pipeline: true,
    });
    // Another origin, another port or scheme of the trusted host, a look-alike host: untouched.
    for (const url of ['https://cdn.test/api/x', 'https://api.partner.test:8443/x', 'http://api.partner.test/x', 'https://api.partner.test.evil.test/x'])
      expect(prepareRequest(req(url), trusting), url).toEqual({ kind: 'untouched' });
    // Signed out: sent without a token.
    expect(prepareRequest(req('https://api.partner.test/x'), { ...trusting, accessToken: null })).toMatchObject({ kind: 'prepared', headers: {} });
  });

  it('lets token-not-required calls and non-/api paths skip the pipeline', () => {
    for (const url of ['/api/access/v1/oauth/token', '/api/access/v1/saml-settings/user-type', '/api/branding/v1/resources/groups/login-page/auth', '/seed-translations/en-us']) {
      const p = prepareRequest(req(url, 'POST'), { ...ctx, ptl: 'eu-tenant-7' });
      expect(p).toMatchObject({ kind: 'prepared', pipeline: false, headers: {} });
      expect(p.kind === 'prepared' && new URL(p.url).pathname).toBe(url);
    }
  });

  it('adds X-XSRF-TOKEN to relative non-GET/HEAD calls only, token-not-required ones included', () => {
    const x = { ...ctx, xsrfToken: 'xs' };
    const header = (url: string, method: string) => {
      const p = prepareRequest(req(url, method), x);
      return p.kind === 'prepared' ? p.headers['X-XSRF-TOKEN'] : undefined;
    };
    expect(header('/api/salesops/v1/cases', 'POST')).toBe('xs');
    expect(header('/api/access/v1/oauth/token', 'POST')).toBe('xs');
    expect(header('/api/salesops/v1/cases', 'GET')).toBeUndefined();
    expect(header('/api/salesops/v1/cases', 'HEAD')).toBeUndefined();
    expect(prepareRequest(req('https://crm.test/lead', 'POST'), x)).toEqual({ kind: 'untouched' });
  });

  it('replaces caller-supplied pipeline headers instead of duplicating them', () => {
    const p = prepareRequest(req('/api/x', 'GET', { authorization: 'Bearer stale', 'accept-language': 'fr' }), ctx);
    expect(p.kind === 'prepared' && p.headers).toEqual({ Authorization: 'Bearer a.b.c', 'Accept-Language': 'de-de', 'Cache-Control': 'no-cache' });
  });

  it('sends no Authorization when no token is stored', () => {
    const p = prepareRequest(req('/api/globalization/v1/languages'), { ...ctx, accessToken: null });
    expect(p.kind === 'prepared' && 'Authorization' in p.headers).toBe(false);
  });
});

describe('readCookie', () => {
  it('finds and decodes one cookie', () => {
    expect(readCookie('a=1; XSRF-TOKEN=ab%3D; b=2', 'XSRF-TOKEN')).toBe('ab=');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeNull();
  });
});
