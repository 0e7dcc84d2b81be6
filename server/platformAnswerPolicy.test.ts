import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { platformAnswerPolicy, platformPageSandbox, platformSandbox } from './platformAnswerPolicy.ts';
import { renderSite } from './nginxSite.ts';

describe('the policy of a proxied platform answer', () => {
  it('none for data, script, style, fonts and images', () => {
    for (const type of ['application/json; charset=utf-8', 'application/problem+json', 'text/javascript', 'application/javascript', 'text/css', 'font/woff2', 'image/png', 'image/jpeg']) {
      expect(platformAnswerPolicy('/api/x', type), type).toBeNull();
    }
  });

  it('the sandbox for HTML, text, SVG and anything untyped', () => {
    for (const type of ['text/html; charset=utf-8', 'text/plain', 'image/svg+xml', 'application/octet-stream', 'application/jsonp', undefined, '']) {
      expect(platformAnswerPolicy('/oidc/endsession', type), String(type)).toBe(platformSandbox);
    }
    expect(platformSandbox).toBe("sandbox; default-src 'none'");
  });

  it('the authorization and SAML sign-out pages keep their forms, never the shell’s origin', () => {
    for (const path of ['/api/access/v1/oauth/authorize', '/oidc/authorize', '/authentication/saml2/logout', '/access/v1/saml/logout']) {
      expect(platformAnswerPolicy(path, 'text/html; charset=utf-8'), path).toBe(platformPageSandbox);
      expect(platformAnswerPolicy(path, 'text/plain'), path).toBe(platformSandbox);
    }
    expect(platformPageSandbox).toMatch(/^sandbox allow-forms allow-scripts; default-src 'none'; /);
    expect(platformPageSandbox).not.toContain('allow-same-origin');
    expect(platformAnswerPolicy('/api/access/v1/oauth/authorize/x', 'text/html')).toBe(platformSandbox);
  });

  it('is the one deploy/nginx sends: its maps and page location are filled in from these rules', () => {
    const template = readFileSync(new URL('../deploy/nginx/trust-shell.conf', import.meta.url), 'utf8');
    const site = renderSite(template, { listen: '8080', serverName: 'shell.test', root: '/srv/dist', upstream: 'https://platform.test', confDir: '/etc/nginx/trust-shell' });
    expect(site).toContain(`default "${platformSandbox}";`);
    expect(site).toContain(`"~*^text/html\\b" "${platformPageSandbox}";`);
    expect(site).toContain('"~*^application/([a-z0-9.-]+\\+)?json\\b" "";');
    expect(site).toContain('location ~ "^/(?:api/access/v1/oauth/authorize|oidc/authorize|authentication/saml2/logout|access/v1/saml/logout)$"');
    expect(template).not.toContain(platformSandbox);
  });
});
