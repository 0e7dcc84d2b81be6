import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowedEndpointOrigins, trustedSettings, type ConfiguredLogin } from './loginEndpoints';

const origin = 'https://shell.example';
const oidc: ConfiguredLogin = { oidc: true, issuer: 'https://id.example/realm', tokenEndpoint: null, logoutUrl: null, userinfoEndpoint: null };
const plain: ConfiguredLogin = { oidc: false, issuer: null, tokenEndpoint: null, logoutUrl: null, userinfoEndpoint: null };
const discovered = {
  clientId: 'trust-shell',
  issuer: oidc.issuer,
  tokenEndpoint: 'https://id.example/token',
  revocationEndpoint: 'https://id.example/revoke',
  endSessionEndpoint: 'https://id.example/end',
};
const hostile = { clientId: 'trust-shell', issuer: oidc.issuer, tokenEndpoint: 'https://evil.example/t', revocationEndpoint: 'https://evil.example/r', endSessionEndpoint: 'javascript:alert(1)' };

describe('login endpoints: derived from the configuration, a stored copy only re-checked', () => {
  afterEach(() => vi.restoreAllMocks());

  it('allows this origin and, with OIDC on, the issuer origin', () => {
    expect([...allowedEndpointOrigins(oidc, origin)]).toEqual([origin, 'https://id.example']);
    expect([...allowedEndpointOrigins(plain, origin)]).toEqual([origin]);
    expect([...allowedEndpointOrigins(null, origin)]).toEqual([origin]);
  });

  it("keeps the issuer's discovered endpoints", () => {
    expect(trustedSettings(discovered, oidc, origin)).toMatchObject(discovered);
  });

  it('ignores and reports stored endpoints off the allowed origins: the platform\'s token endpoint, no revocation or end', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(trustedSettings(hostile, oidc, origin)).toMatchObject({ tokenEndpoint: '/api/access/v1/oauth/token', revocationEndpoint: null, endSessionEndpoint: null });
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it("ignores an issuer's endpoints stored for another issuer, and any without OIDC", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(trustedSettings({ ...discovered, issuer: 'https://old.example' }, oidc, origin)).toMatchObject({ tokenEndpoint: '/api/access/v1/oauth/token', revocationEndpoint: null });
    expect(trustedSettings(discovered, plain, origin)).toMatchObject({ tokenEndpoint: '/api/access/v1/oauth/token', revocationEndpoint: null, endSessionEndpoint: null });
  });

  it('takes the configured endpoints over any stored ones', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const configured = { ...oidc, tokenEndpoint: 'https://tokens.example/t', logoutUrl: 'https://id.example/bye' };
    expect(trustedSettings(hostile, configured, origin)).toMatchObject({ tokenEndpoint: 'https://tokens.example/t', endSessionEndpoint: 'https://id.example/bye' });
  });

  it('without the configuration (unreadable in the worker), only this origin', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(trustedSettings(discovered, null, origin)).toMatchObject({ tokenEndpoint: '/api/access/v1/oauth/token', revocationEndpoint: null, endSessionEndpoint: null });
    expect(trustedSettings({ clientId: 'x', tokenEndpoint: '/own/token' }, null, origin).tokenEndpoint).toBe('/own/token');
  });
});
