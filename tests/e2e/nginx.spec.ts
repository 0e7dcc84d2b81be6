import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test, expect, type APIResponse } from '@playwright/test';
import { recordCspViolations } from './support/recorders.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { PlatformControl, quietenStartup } from './support/platform.ts';
import { startNginx, nginxPath, type RunningNginx } from './support/nginx.ts';
import { freePort, startStandalonePlatform, type StandalonePlatform } from './support/standalonePlatform.ts';
import { browserEncodings, gzipOnly, rawGet } from './support/rawHttp.ts';
import { securityHeaders } from '../../server/securityHeaders.ts';

/**
 * The built shell served by Debian's nginx with the site `npm run nginx-site`
 * generates, in front of the standalone emulator, as a production deployment runs it. nginx
 * serves a copy of the build, in which two files lack compressed siblings (the fall-back), and
 * listens on https as well, as README tells a deployment to add it.
 */
const builtDir = resolve(process.env.OUT_DIR ?? 'dist');
let outDir: string;
/** In the copy: a file with no .br (only its .gz), and one with neither. */
const withoutBrotli = 'favicon.svg';
const withoutEither = 'brand/default-logo.svg';
// A configuration with an origin of its own, so the policy is not merely the default one.
const runtimeConfig = { webToLeadUrl: 'https://leads.example.test/web-to-lead' };

let work: string;
let platform: StandalonePlatform | undefined;
let nginx: RunningNginx | undefined;
let origin: string;
let httpsOrigin: string;

test.beforeAll(async () => {
  nginxPath(); // fails here, with how to install it, when nginx is missing
  work = mkdtempSync(join(tmpdir(), 'trust-shell-nginx-'));
  outDir = join(work, 'dist');
  cpSync(builtDir, outDir, { recursive: true });
  rmSync(join(outDir, `${withoutBrotli}.br`));
  rmSync(join(outDir, `${withoutEither}.br`));
  rmSync(join(outDir, `${withoutEither}.gz`));
  platform = await startStandalonePlatform();
  const [port, tlsPort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${port}`;
  httpsOrigin = `https://127.0.0.1:${tlsPort}`;
  writeFileSync(join(work, 'runtime-config.json'), JSON.stringify(runtimeConfig));
  const site = join(work, 'site');
  const generator = spawnSync(
    process.execPath,
    [
      ...['--import', 'tsx', 'scripts/nginx-site.ts', '--root', outDir, '--upstream', platform.origin, '--config', join(work, 'runtime-config.json')],
      ...['--listen', `127.0.0.1:${port}`, '--server-name', '127.0.0.1', '--out', site],
    ],
    { encoding: 'utf8' },
  );
  if (generator.status !== 0) throw new Error(`npm run nginx-site failed:\n${generator.stderr}`);
  // TLS as the site's opening comment says to add it, with a certificate made here.
  const [cert, key] = [join(work, 'cert.pem'), join(work, 'key.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const siteFile = join(site, 'trust-shell.conf');
  const siteText = readFileSync(siteFile, 'utf8');
  const ownListen = `    listen 127.0.0.1:${port};\n    server_name 127.0.0.1;\n`;
  expect(siteText).toContain(ownListen);
  writeFileSync(siteFile, siteText.replace(ownListen, `${ownListen}    listen 127.0.0.1:${tlsPort} ssl;\n    ssl_certificate ${cert};\n    ssl_certificate_key ${key};\n`));
  nginx = await startNginx(siteFile, work);
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
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
}

test('nginx sends the shell with its security headers, cache rules and SPA fall-back; platform answers pass untouched', async ({ request }) => {
  const configResponse = await request.get(`${origin}/config.json`);
  const configText = await configResponse.text();
  expect(JSON.parse(configText)).toMatchObject(runtimeConfig);
  const expected = securityHeaders(configText);
  expect(expected['Content-Security-Policy']).toContain('connect-src \'self\' https://leads.example.test');
  expect(expected['Content-Security-Policy']).toContain("form-action 'self' https://leads.example.test");
  expect(expected['Content-Security-Policy']).toMatch(/^default-src 'self'; /);
  // Trusted Types as the shell's own host sends them: the shell's two named policies only.
  expect(expected['Content-Security-Policy']).toMatch(/; require-trusted-types-for 'script'; trusted-types trust-shell-html trust-shell-script-url$/);
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

test('nginx sends the build compressed: brotli, else gzip, else the file itself; platform JSON gzipped as sent', async () => {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const script = /href="(\/assets\/main-[\w-]{8}\.js)"/.exec(html)?.[1];
  const style = /rel="stylesheet" crossorigin href="(\/assets\/main-[\w-]{8}\.css)"/.exec(html)?.[1];
  expect([script, style]).toEqual([expect.stringMatching(/\.js$/), expect.stringMatching(/\.css$/)]);
  // The page itself comes through the routes' fall-back to index.html.
  for (const [path, file] of [[script!, script!], [style!, style!], ['/auth', '/index.html'], ['/manifest.webmanifest', '/manifest.webmanifest']] as const) {
    const body = readFileSync(join(outDir, file));
    const br = await rawGet(`${origin}${path}`, { 'Accept-Encoding': browserEncodings });
    expect([br.status, br.headers['content-encoding'], br.headers.vary], path).toEqual([200, 'br', 'Accept-Encoding']);
    expect(brotliDecompressSync(br.body).equals(body), path).toBe(true);
    // The build's own .br, not one made as it is sent.
    expect(br.body.length, path).toBe(statSync(join(outDir, `${file}.br`)).size);
    expect(br.body.length, path).toBeLessThan(body.length / 2);
    const gz = await rawGet(`${origin}${path}`, { 'Accept-Encoding': gzipOnly });
    expect([gz.status, gz.headers['content-encoding'], gz.headers.vary], path).toEqual([200, 'gzip', 'Accept-Encoding']);
    expect(gunzipSync(gz.body).equals(body), path).toBe(true);
    expect(gz.body.length, path).toBeLessThan(body.length / 2);
    const plain = await rawGet(`${origin}${path}`);
    expect([plain.status, plain.headers['content-encoding']], path).toEqual([200, undefined]);
    expect(plain.body.equals(body), path).toBe(true);
  }
  // Headers and cache rules are those of the uncompressed file.
  const compressedAsset = await rawGet(`${origin}${script}`, { 'Accept-Encoding': browserEncodings });
  expect(compressedAsset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(compressedAsset.headers['content-type']).toMatch(/^text\/javascript/);
  expect(compressedAsset.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');

  // A platform JSON answer, compressed as it passes (nginx has no brotli for answers made on the spot).
  const json = '/seed-translations/en-us';
  const plainJson = await rawGet(`${origin}${json}`);
  expect([plainJson.status, plainJson.headers['content-encoding']]).toEqual([200, undefined]);
  expect(plainJson.headers['content-type']).toMatch(/^application\/json/);
  for (const encoding of [browserEncodings, gzipOnly]) {
    const answer = await rawGet(`${origin}${json}`, { 'Accept-Encoding': encoding });
    expect([answer.status, answer.headers['content-encoding'], answer.headers.vary], encoding).toEqual([200, 'gzip', 'Accept-Encoding']);
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual(JSON.parse(plainJson.body.toString('utf8')));
    expect(answer.body.length, encoding).toBeLessThan(plainJson.body.length / 2);
    expect(answer.headers['content-security-policy']).toBeUndefined();
  }

  // A missing .br falls back to the .gz; with neither, gzip made as it is sent, or the file itself.
  const noBrotli = await rawGet(`${origin}/${withoutBrotli}`, { 'Accept-Encoding': browserEncodings });
  expect(noBrotli.headers['content-encoding']).toBe('gzip');
  expect(noBrotli.body.equals(readFileSync(join(outDir, `${withoutBrotli}.gz`)))).toBe(true);
  const neither = readFileSync(join(outDir, withoutEither));
  const brOnly = await rawGet(`${origin}/${withoutEither}`, { 'Accept-Encoding': 'br' });
  expect([brOnly.status, brOnly.headers['content-encoding']]).toEqual([200, undefined]);
  expect(brOnly.body.equals(neither)).toBe(true);
  const gzipped = await rawGet(`${origin}/${withoutEither}`, { 'Accept-Encoding': gzipOnly });
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzipped.body).equals(neither)).toBe(true);
  // A client that refuses both in so many words.
  const refused = await rawGet(`${origin}${script}`, { 'Accept-Encoding': 'identity' });
  expect(refused.headers['content-encoding']).toBeUndefined();
});

test('nginx answers only its own host name; HSTS on https alone; the platform’s pages are sandboxed on the shell’s origin', async ({ request }) => {
  // Any other Host (or none the site knows) gets no answer at all, and never reaches the platform.
  const upstream = new PlatformControl(request, platform!);
  await upstream.clearLog();
  for (const host of ['evil.test', `localhost:${new URL(origin).port}`]) {
    await expect(rawGet(`${origin}/api/content/v1/info/version`, { Host: host }), host).rejects.toThrow(/socket hang up|ECONNRESET/);
    await expect(rawGet(`${origin}/auth`, { Host: host }), host).rejects.toThrow(/socket hang up|ECONNRESET/);
  }
  expect(await upstream.log()).toEqual([]);

  // HSTS: over https, on the shell's answers and the platform's; never over plain http.
  for (const path of ['/auth', '/config.json', '/api/content/v1/info/version']) {
    const secure = await rawGet(`${httpsOrigin}${path}`);
    expect(secure.status, path).toBe(200);
    expect(secure.headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
    const plain = await rawGet(`${origin}${path}`);
    expect(plain.status, path).toBe(200);
    expect(plain.headers['strict-transport-security'], path).toBeUndefined();
  }

  // The platform's HTML (and anything else it sends that is not data, script, style, font or
  // image) is sandboxed: an opaque origin, loading nothing.
  const signedOut = await rawGet(`${origin}/oidc/endsession`);
  expect(signedOut.headers['content-type']).toMatch(/^text\/html/);
  expect(signedOut.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
  const badRequest = await rawGet(`${origin}/api/access/v1/oauth/authorize`);
  expect([badRequest.status, badRequest.headers['content-type']]).toEqual([400, expect.stringMatching(/^text\/html/)]);
  // A page the member acts on: sandboxed too (no way to the shell's storage), its forms still post.
  expect(badRequest.headers['content-security-policy']).toMatch(/^sandbox allow-forms allow-scripts; default-src 'none'; /);
  expect(badRequest.headers['content-security-policy']).not.toContain('allow-same-origin');
  // Plain text too; JSON passes with no policy of the shell's (the 401 problem+json as well).
  const version = await rawGet(`${origin}/api/content/v1/info/version`);
  expect([version.headers['content-type'], version.headers['content-security-policy']]).toEqual([expect.stringMatching(/^text\/plain/), "sandbox; default-src 'none'"]);
  for (const path of ['/seed-translations/en-us', '/api/access/v1/permissions']) {
    const json = await rawGet(`${origin}${path}`);
    expect(json.headers['content-type'], path).toMatch(/^application\/(problem\+)?json/);
    expect(json.headers['content-security-policy'], path).toBeUndefined();
  }
});

test('through nginx, the SSO persona signs in on the sandboxed authorization page; its script cannot reach the shell', async ({ page, request }) => {
  const upstream = new PlatformControl(request, platform!);
  await upstream.reset();
  await quietenStartup(upstream);
  await page.goto(`${origin}/auth`);
  await new SignInPage(page).continueWith('sso@acme.test');
  const approve = page.getByRole('button', { name: 'Sign in as sso@acme.test', exact: true });
  await expect(approve).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${origin}/api/access/v1/oauth/authorize\\?`));
  // An opaque origin: the page (were it hostile) reaches none of the shell's storage.
  expect(await page.evaluate(() => ({ origin: self.origin, storage: (() => { try { return typeof localStorage.length; } catch { return 'refused'; } })() }))).toEqual({ origin: 'null', storage: 'refused' });
  await approve.click();
  await expect(page).toHaveURL(/\/mfe-host/);
  await new ShellChrome(page).expectSignedInAs('Sol Single-Sign-On');
});
