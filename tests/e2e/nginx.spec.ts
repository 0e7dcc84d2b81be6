import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, expect, type APIResponse } from '@playwright/test';
import { quietenStartup, recordCspViolations, waitForServiceWorker } from './fixtures.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { PlatformControl } from './support/platform.ts';
import { startNginx, nginxPath, type RunningNginx } from './support/nginx.ts';
import { freePort, startStandalonePlatform, type StandalonePlatform } from './support/standalonePlatform.ts';
import { securityHeaders } from '../../server/securityHeaders.ts';

/**
 * The built shell served by Debian's nginx with the site `npm run nginx-site`
 * generates, in front of the standalone emulator, as a production deployment runs it.
 */
const outDir = resolve(process.env.OUT_DIR ?? 'dist');
// A configuration with an origin of its own, so the policy is not merely the default one.
const runtimeConfig = { webToLeadUrl: 'https://leads.example.test/web-to-lead' };

let work: string;
let platform: StandalonePlatform | undefined;
let nginx: RunningNginx | undefined;
let origin: string;

test.beforeAll(async () => {
  nginxPath(); // fails here, with how to install it, when nginx is missing
  work = mkdtempSync(join(tmpdir(), 'trust-shell-nginx-'));
  platform = await startStandalonePlatform();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  writeFileSync(join(work, 'runtime-config.json'), JSON.stringify(runtimeConfig));
  const site = join(work, 'site');
  const generator = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/nginx-site.ts', '--root', outDir, '--upstream', platform.origin, '--config', join(work, 'runtime-config.json'), '--listen', `127.0.0.1:${port}`, '--out', site],
    { encoding: 'utf8' },
  );
  if (generator.status !== 0) throw new Error(`npm run nginx-site failed:\n${generator.stderr}`);
  nginx = await startNginx(join(site, 'trust-shell.conf'), work);
});

test.afterAll(async () => {
  await nginx?.stop();
  await platform?.stop();
  rmSync(work, { recursive: true, force: true });
});

function expectShellHeaders(response: APIResponse, expected: Record<string, string>): void {
  const headers = response.headers();
  expect(headers['content-security-policy']).toBe(expected['Content-Security-Policy']);
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

test('nginx sends the shell with its security headers, cache rules and SPA fall-back; platform answers pass untouched', async ({ request }) => {
  const configResponse = await request.get(`${origin}/config.json`);
  const configText = await configResponse.text();
  expect(JSON.parse(configText)).toMatchObject(runtimeConfig);
  const expected = securityHeaders(configText);
  expect(expected['Content-Security-Policy']).toContain('connect-src \'self\' https://leads.example.test');
  expect(expected['Content-Security-Policy']).toContain("form-action 'self' https://leads.example.test");
  expect(expected['Content-Security-Policy']).toMatch(/^default-src 'self'; /);
  expectShellHeaders(configResponse, expected);
  expect(configResponse.headers()['cache-control']).toBe('no-cache');

  const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
  for (const path of ['/', '/index.html', '/org-tree/deep/route', '/auth']) {
    const response = await request.get(`${origin}${path}`);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
    expect(await response.text(), path).toBe(indexHtml);
    expectShellHeaders(response, expected);
  }

  for (const [path, type] of [['/sw.js', /^text\/javascript/], ['/manifest.webmanifest', /^application\/manifest\+json/]] as const) {
    const response = await request.get(`${origin}${path}`);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(type);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
    expectShellHeaders(response, expected);
  }

  const script = readdirSync(join(outDir, 'assets')).find((name) => /-[A-Za-z0-9_-]{8}\.js$/.test(name));
  expect(script, 'a hashed script in the build').toBeDefined();
  const asset = await request.get(`${origin}/assets/${script}`);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await asset.text()).toBe(readFileSync(join(outDir, 'assets', script!), 'utf8'));
  expectShellHeaders(asset, expected);

  // Source maps are not the public's: none is named by a script, and none is served.
  expect(await asset.text()).not.toContain('sourceMappingURL');
  for (const map of [`/assets/${script}.map`, '/sw.js.map']) {
    const response = await request.get(`${origin}${map}`);
    expect(response.status(), map).toBe(404);
    expectShellHeaders(response, expected);
  }

  // A chunk a stale page asks for is a 404 (with the headers), never the page, and never cached for long.
  const missing = await request.get(`${origin}/assets/Gone-DEADBEEF.js`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain('<div id="root"');
  expect(missing.headers()['cache-control']).toBeUndefined();
  expectShellHeaders(missing, expected);
  expect((await request.get(`${origin}/icons/missing.png`)).status()).toBe(404);

  // Platform paths reach the platform, whose answers carry none of the shell's headers.
  const api = await request.get(`${origin}/api/access/v1/permissions`);
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ status: 401 });
  expect(api.headers()['content-security-policy']).toBeUndefined();
  expect(api.headers()['cache-control']).not.toBe('no-cache');
  // …but nosniff, once: a platform answer is never taken for another type than it says.
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  const answered = await request.get(`${origin}/api/content/v1/info/version`);
  expect(answered.status()).toBe(200);
  expect(answered.headers()['x-content-type-options']).toBe('nosniff');
  // Absolute URLs the platform builds name this site: nginx forwards the member's host.
  const discovery = await request.get(`${origin}/oidc/.well-known/openid-configuration`);
  expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${origin}/oidc`);
});

test('a member signs in through nginx, and every platform call reached the platform through it', async ({ page, context, request }) => {
  const violations = await recordCspViolations(context);
  const upstream = new PlatformControl(request, platform!);
  await upstream.reset();
  await quietenStartup(upstream);

  await page.goto(`${origin}/auth`);
  await new SignInPage(page).submit('ptl@acme.test');
  await expect(page).toHaveURL(/\/mfe-host$/);
  const chrome = new ShellChrome(page);
  await chrome.expectSignedInAs('Petra Prefix');
  await expect(chrome.tenantName).toHaveText('Northwind EU');

  const log = await upstream.log();
  const token = log.find((r) => r.path === '/api/access/v1/oauth/token' && r.status === 200);
  const init = log.find((r) => r.path === '/eu-tenant-7/api/global-state/v1/init' && r.status === 200);
  for (const call of [token, init]) {
    expect(call).toBeDefined();
    expect(call!.headers['x-forwarded-host']).toBe(new URL(origin).host);
    expect(call!.headers['x-forwarded-proto']).toBe('http');
    expect(call!.headers['x-forwarded-for']).toBe('127.0.0.1');
  }
  // Everything the page asked of the platform came through nginx, none of it straight.
  expect(log.filter((r) => !r.headers['x-forwarded-host'])).toEqual([]);
  // The shell works under the site's policy.
  expect(violations).toEqual([]);
});

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('registers from nginx and controls the page', async ({ page }) => {
    await page.goto(`${origin}/auth`);
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js`);
    await expect(new SignInPage(page).heading).toBeVisible();
  });
});
