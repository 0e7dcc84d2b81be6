import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { platformUpstream, renderSite, securityHeadersInclude, type NginxSiteOptions } from './nginxSite.ts';
import { securityHeaders } from './securityHeaders.ts';

const template = readFileSync(new URL('../deploy/nginx/trust-shell.conf', import.meta.url), 'utf8');
const options: NginxSiteOptions = { listen: '127.0.0.1:8080', serverName: 'shell.example.test', root: '/srv/trust-shell/dist/', upstream: 'http://platform:8080/', confDir: '/etc/nginx/trust-shell' };

/** The `types { … }` block of a rendered site, as extension → MIME type. */
function typesOf(site: string): Record<string, string> {
  const block = /types \{([^}]*)\}/.exec(site)?.[1] ?? '';
  const entries = block
    .split(';')
    .map((line) => line.trim().split(/\s+/))
    .filter((words) => words.length > 1);
  return Object.fromEntries(entries.flatMap(([type, ...extensions]) => extensions.map((ext) => [ext, type ?? ''])));
}

describe('the nginx site', () => {
  it('fills every placeholder, keeping the template’s instructions out of the installed file', () => {
    const site = renderSite(template, options);
    expect(site).not.toContain('{{');
    expect(site).toContain('listen 127.0.0.1:8080;');
    expect(site).toContain('server_name shell.example.test;');
    expect(site).toContain('root /srv/trust-shell/dist;');
    expect(site).toContain('proxy_pass http://platform:8080;');
    expect(site).toContain('include /etc/nginx/trust-shell/trust-shell-security-headers.conf;');
    expect(site).toContain('root /etc/nginx/trust-shell;');
  });

  it('answers only its own host name: a default server refuses any other Host', () => {
    const site = renderSite(template, options);
    const servers = site.split(/^server \{$/m).slice(1);
    expect(servers).toHaveLength(2);
    const refusing = servers.find((s) => s.includes('default_server'))!;
    expect(refusing).toContain('listen 127.0.0.1:8080 default_server;');
    expect(refusing).toContain('return 444;');
    expect(refusing).not.toContain('proxy_pass');
    // A site that names no host (nginx's catch-all `_`) would be refused whole.
    for (const serverName of ['_', 'shell.example.test _']) expect(() => renderSite(template, { ...options, serverName }), serverName).toThrow(/--server-name/);
  });

  it('sends HSTS on https only, and sandboxes the platform’s answers that are not data, script, style, font or image', () => {
    const site = renderSite(template, options);
    expect(site).toMatch(/map \$scheme \$trust_shell_hsts \{\s*https\s+"max-age=31536000; includeSubDomains";\s*default\s+"";\s*\}/);
    expect(site).toContain('add_header Strict-Transport-Security $trust_shell_hsts always;');
    expect(site).toContain('add_header Content-Security-Policy $trust_shell_platform_csp always;');
    expect(site).toMatch(/default\s+"sandbox; default-src 'none'";/);
  });

  it('sends the build’s .br and .gz, and gzips the rest of its text and the platform’s as it is sent', () => {
    const site = renderSite(template, options);
    for (const directive of ['brotli_static on;', 'gzip_static on;', 'gzip on;', 'gzip_vary on;', 'gzip_proxied any;']) expect(site).toContain(directive);
    expect(site).toMatch(/gzip_types [^;]*text\/javascript[^;]*application\/json[^;]*;/);
  });

  it('types the shell’s files itself, with the types Debian’s mime.types lacks', () => {
    const types = typesOf(renderSite(template, options));
    expect(types).toMatchObject({ js: 'text/javascript', mjs: 'text/javascript', webmanifest: 'application/manifest+json', html: 'text/html', css: 'text/css' });
  });

  it('includes exactly the headers securityHeaders() gives for the configuration and HSTS, on every status', () => {
    const config = JSON.stringify({ analytics: { scriptUrl: 'https://cdn.analytics.example/{key}/agent.js' } });
    const lines = securityHeadersInclude(config)
      .split('\n')
      .filter((line) => line.startsWith('add_header'));
    expect(lines).toEqual([
      ...Object.entries(securityHeaders(config)).map(([name, value]) => `add_header ${name} "${value}" always;`),
      // HSTS as the site's map on $scheme sets it: on https only.
      'add_header Strict-Transport-Security $trust_shell_hsts always;',
    ]);
    expect(lines[0]).toContain('https://cdn.analytics.example');
  });

  it('takes only an http(s) origin as the upstream, so proxied paths pass unchanged', () => {
    expect(platformUpstream('https://platform.example.test')).toBe('https://platform.example.test');
    for (const bad of ['platform:8080', 'ftp://platform', 'http://platform/api', 'http://platform?x=1', 'http://user:pw@platform']) {
      expect(() => platformUpstream(bad), bad).toThrow(/--upstream/);
    }
  });

  it('refuses values that would change the configuration rather than escaping them', () => {
    expect(() => renderSite(template, { ...options, root: 'dist' })).toThrow(/--root must be an absolute path/);
    expect(() => renderSite(template, { ...options, root: '/srv/x; include /etc/passwd' })).toThrow(/--root/);
    expect(() => renderSite(template, { ...options, serverName: 'a; }' })).toThrow(/--server-name/);
  });
});
