import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtimeConfig';
import { originProblems } from './configOrigins';

const shell = 'http://localhost:4173';
const problems = (raw: unknown, origin = shell) => originProblems(parseRuntimeConfig(raw), origin);

describe('origins named by the runtime configuration', () => {
  it('the defaults name none', () => {
    expect(problems({})).toEqual([]);
  });

  it.each([
    ['https elsewhere', { webToLeadUrl: 'https://crm.acme.test/lead' }],
    ['the shell itself, absolute', { webToLeadUrl: `${shell}/crm/lead` }],
    ['relative to the shell', { seedTranslationUrl: '/seed-translations', analytics: { scriptUrl: '/remotes/analytics/agent.js' } }],
    ['loopback by name', { analytics: { scriptUrl: 'http://localhost:9000/agent.js' } }],
    ['a sub-domain of localhost', { analytics: { scriptUrl: 'http://agent.localhost:9000/agent.js' } }],
    ['loopback IPv4', { microFrontends: [{ name: 'x', route: 'x', moduleUrl: 'http://127.0.0.2:8080/remote.js' }] }],
    ['loopback IPv6', { authClient: { oidc: true, issuer: 'http://[::1]:8080/oidc' } }],
    ['every field https', {
      webToLeadUrl: 'https://crm.acme.test/lead',
      analytics: { scriptUrl: 'https://cdn.acme.test/agent.js' },
      microFrontends: [{ name: 'x', route: 'x', moduleUrl: 'https://mfe.acme.test/x.js' }],
      authClient: { oidc: true, issuer: 'https://idp.acme.test', tokenEndpoint: 'https://idp.acme.test/token', logoutUrl: 'https://idp.acme.test/logout' },
      seedTranslationUrl: 'https://i18n.acme.test/seed',
    }],
  ])('%s is allowed', (_name, raw) => {
    expect(problems(raw)).toEqual([]);
  });

  it.each([
    ['web-to-lead', { webToLeadUrl: 'http://crm.acme.test/lead' }, 'webToLeadUrl'],
    ['analytics script', { analytics: { scriptUrl: 'http://cdn.acme.test/agent.js' } }, 'analytics.scriptUrl'],
    ['protocol-relative analytics script on an http shell', { analytics: { scriptUrl: '//cdn.acme.test/agent.js' } }, 'analytics.scriptUrl'],
    ['a micro-frontend module', { microFrontends: [{ name: 'a', route: 'a', moduleUrl: '/a.js' }, { name: 'b', route: 'b', moduleUrl: 'http://mfe.acme.test/b.js' }] }, 'microFrontends.1.moduleUrl'],
    ['the OIDC issuer', { authClient: { oidc: true, issuer: 'http://idp.acme.test' } }, 'authClient.issuer'],
    ['a login endpoint', { authClient: { tokenEndpoint: 'http://idp.acme.test/token' } }, 'authClient.tokenEndpoint'],
    ['seed translations', { seedTranslationUrl: 'http://i18n.acme.test/seed' }, 'seedTranslationUrl'],
    ['a host that only looks like loopback', { webToLeadUrl: 'http://localhost.evil.test/lead' }, 'webToLeadUrl'],
    ['the shell host on another port', { webToLeadUrl: 'http://example.test:8080/lead' }, 'webToLeadUrl'],
    ['a script URL', { analytics: { scriptUrl: 'javascript:alert(1)' } }, 'analytics.scriptUrl'],
    ['a data URL', { microFrontends: [{ name: 'x', route: 'x', moduleUrl: 'data:text/javascript,alert(1)' }] }, 'microFrontends.0.moduleUrl'],
    ['ftp', { seedTranslationUrl: 'ftp://i18n.acme.test/seed' }, 'seedTranslationUrl'],
  ])('%s over another scheme or host is refused, naming the field', (_name, raw, field) => {
    const found = problems(raw, 'http://example.test');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
  });

  it('names every offending field at once', () => {
    const found = problems({ webToLeadUrl: 'http://crm.acme.test/lead', seedTranslationUrl: 'http://i18n.acme.test/seed' });
    expect(found.map((p) => p.split(':')[0])).toEqual(['webToLeadUrl', 'seedTranslationUrl']);
  });

  describe('with requireHttps', () => {
    it.each([
      ['loopback', { webToLeadUrl: 'http://localhost:9000/lead' }, 'webToLeadUrl'],
      ['the shell itself, absolute', { analytics: { scriptUrl: `${shell}/agent.js` } }, 'analytics.scriptUrl'],
      ['the issuer on loopback', { authClient: { oidc: true, issuer: 'http://127.0.0.1:9/oidc' } }, 'authClient.issuer'],
    ])('no http origin at all: %s', (_name, raw, field) => {
      const authClient = { ...(raw as { authClient?: object }).authClient, requireHttps: true };
      const found = problems({ ...raw, authClient });
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: .*https`));
    });

    it('a relative address follows the shell, which serves over https', () => {
      expect(problems({ authClient: { requireHttps: true }, seedTranslationUrl: '/seed' }, 'https://shell.acme.test')).toEqual([]);
    });

    it('a relative address on a shell served over http is an http origin too', () => {
      expect(problems({ authClient: { requireHttps: true }, seedTranslationUrl: '/seed' })).toEqual([expect.stringMatching(/^seedTranslationUrl: /)]);
    });
  });

  describe('authClient.trustedApiOrigins (SPEC §7: the access token goes there)', () => {
    it('allows https origins and loopback hosts over http', () => {
      expect(problems({ authClient: { trustedApiOrigins: ['https://api.partner.test', 'https://api.partner.test:8443', 'http://localhost:9000', 'http://127.0.0.1:9001'] } })).toEqual([]);
    });

    it.each([
      ['http on a non-loopback host', 'http://api.partner.test', /must use https unless it is a loopback host/],
      ['a wildcard', 'https://*.partner.test', /wildcard/],
      ['a path', 'https://api.partner.test/api', /origin alone/],
      ['a trailing slash', 'https://api.partner.test/', /origin alone/],
      ['not a URL', 'api.partner.test', /not an origin/],
      ['another scheme', 'wss://api.partner.test', /must use https/],
      ['the shell’s own origin over http', shell.replace('localhost', 'shell.test'), /must use https/],
    ])('refuses %s, naming it', (_name, value, message) => {
      const found = problems({ authClient: { trustedApiOrigins: ['https://ok.test', value] } });
      expect(found).toEqual([expect.stringMatching(new RegExp(`^authClient\\.trustedApiOrigins\\.1: ${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))]);
      expect(found[0]).toMatch(message);
    });

    it('with requireHttps, a loopback host over http is refused too', () => {
      expect(problems({ authClient: { requireHttps: true, trustedApiOrigins: ['http://localhost:9000'] } })).toEqual([
        'authClient.trustedApiOrigins.0: http://localhost:9000 must use https (authClient.requireHttps is on)',
      ]);
    });
  });
});
