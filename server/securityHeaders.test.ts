import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, originOf, securityHeaders } from './securityHeaders.ts';

const directives = (policy: string): Record<string, string[]> => Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0] ?? '', d.split(' ').slice(1)]));

describe('the Content-Security-Policy from the runtime configuration', () => {
  it('without configured origins: this origin only, and the fixed directives', () => {
    expect(directives(contentSecurityPolicy('{}'))).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'frame-src': ["'none'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'form-action': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      // Trusted Types: only the shell's two named policies, no 'default', no duplicates.
      'require-trusted-types-for': ["'script'"],
      'trusted-types': ['trust-shell-html', 'trust-shell-script-url'],
    });
  });

  it('adds exactly the configured analytics and micro-frontend origins to script-src, connected ones to connect-src', () => {
    const policy = directives(
      contentSecurityPolicy(
        JSON.stringify({
          analytics: { scriptUrl: 'https://cdn.analytics.test/{key}/agent.js' },
          microFrontends: [
            { name: 'A', route: 'a', moduleUrl: 'https://remotes.acme.test/a/remote.js' },
            { name: 'B', route: 'b', moduleUrl: '/remotes/b.js' },
            { name: 'C', route: 'c', moduleUrl: 'https://remotes.acme.test/c/remote.js' },
          ],
          webToLeadUrl: 'https://webto.crm.test/servlet/servlet.WebToLead',
          authClient: { oidc: true, issuer: 'https://login.acme.test/realms/x' },
          seedTranslationUrl: 'https://seed.trust-shell.test/{lang}.json',
        }),
      ),
    );
    expect(policy['script-src']).toEqual(["'self'", 'https://cdn.analytics.test', 'https://remotes.acme.test']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://cdn.analytics.test', 'https://login.acme.test', 'https://seed.trust-shell.test', 'https://webto.crm.test']);
  });

  it('connect-src follows authClient.trustedApiOrigins (SPEC §7 allowed URLs), and nothing else does', () => {
    const policy = directives(contentSecurityPolicy(JSON.stringify({ authClient: { trustedApiOrigins: ['https://api.partner.test', 'http://127.0.0.1:9000', 'not a url', 7] } })));
    expect(policy['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9000', 'https://api.partner.test']);
    expect(policy['script-src']).toEqual(["'self'"]);
  });

  it('form-action adds only the web-to-lead origin; remotes may bring styles, images and fonts; analytics its beacons', () => {
    const policy = directives(
      contentSecurityPolicy(
        JSON.stringify({
          analytics: { scriptUrl: 'https://cdn.analytics.test/{key}/agent.js' },
          microFrontends: [{ name: 'A', route: 'a', moduleUrl: 'https://remotes.acme.test/a/remote.js' }],
          webToLeadUrl: 'https://webto.crm.test/servlet/servlet.WebToLead',
          authClient: { oidc: true, issuer: 'https://login.acme.test/realms/x' },
        }),
      ),
    );
    expect(policy['form-action']).toEqual(["'self'", 'https://webto.crm.test']);
    expect(policy['style-src']).toEqual(["'self'", 'https://remotes.acme.test']);
    expect(policy['font-src']).toEqual(["'self'", 'https://remotes.acme.test']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://cdn.analytics.test', 'https://remotes.acme.test']);
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
  });

  it('never unsafe-inline or unsafe-eval, and nothing but origins from hostile values', () => {
    const policy = contentSecurityPolicy(
      JSON.stringify({
        analytics: { scriptUrl: "javascript:alert(1)" },
        microFrontends: [{ moduleUrl: "https://x.test/a.js; script-src 'unsafe-inline'" }, { moduleUrl: 'data:text/javascript,alert(1)' }, 42],
        webToLeadUrl: "https://lead.test/'unsafe-eval'",
      }),
    );
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|javascript:/);
    // data: only as the img-src scheme source (brand images), never from a configured value.
    expect(policy.match(/\S*data:\S*/g)).toEqual(['data:']);
    expect(directives(policy)['img-src']).toContain('data:');
    expect(directives(policy)['script-src']).toEqual(["'self'", 'https://x.test']);
  });

  it('a configuration that is not JSON leaves this origin only', () => {
    expect(directives(contentSecurityPolicy('{not json'))['script-src']).toEqual(["'self'"]);
  });

  it('origins are http(s) only', () => {
    expect([originOf('https://a.test/x'), originOf('http://a.test:8080/'), originOf('/relative'), originOf('ftp://a.test'), originOf(5)]).toEqual([
      'https://a.test',
      'http://a.test:8080',
      null,
      null,
      null,
    ]);
  });

  it('sends Referrer-Policy, X-Content-Type-Options and Cross-Origin-Opener-Policy with it', () => {
    expect(securityHeaders('{}')).toMatchObject({ 'Referrer-Policy': 'same-origin', 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Opener-Policy': 'same-origin-allow-popups' });
  });
});
