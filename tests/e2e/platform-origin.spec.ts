import { test, expect } from './fixtures.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { startShellServer } from './support/server.ts';
import { PlatformControl, quietenStartup } from './support/platform.ts';
import { startStandalonePlatform } from './support/standalonePlatform.ts';
import { rawGet } from './support/rawHttp.ts';

test('PLATFORM_ORIGIN: no emulator in the shell, every platform path proxied to the platform', async ({ page, request }) => {
  const platform = await startStandalonePlatform();
  const shell = await startShellServer(0, { PLATFORM_ORIGIN: platform.origin });
  try {
    const upstream = new PlatformControl(request, platform);
    await quietenStartup(upstream);
    // The shell's own host has no emulator: its control API is not there.
    expect((await request.post(`${shell.baseURL}/__control/reset`)).status()).not.toBe(200);
    const config = (await (await request.get(`${shell.baseURL}/config.json`)).json()) as { microFrontends: unknown[] };
    expect(config.microFrontends).toEqual([]); // the example remote belongs to the emulator
    // The platform's own pages come sandboxed on the shell's origin, as deploy/nginx sends them:
    // an opaque origin, loading nothing; the authorization page's forms still post. Data passes.
    const signedOut = await rawGet(`${shell.baseURL}/oidc/endsession`);
    expect([signedOut.headers['content-type'], signedOut.headers['content-security-policy']]).toEqual([expect.stringMatching(/^text\/html/), "sandbox; default-src 'none'"]);
    const authorize = await rawGet(`${shell.baseURL}/api/access/v1/oauth/authorize`);
    expect(authorize.headers['content-security-policy']).toMatch(/^sandbox allow-forms allow-scripts; default-src 'none'; /);
    const seed = await rawGet(`${shell.baseURL}/seed-translations/en-us`);
    expect(seed.headers['content-type']).toMatch(/^application\/json/);
    expect(seed.headers['content-security-policy'] ?? '').not.toContain('sandbox');

    await page.goto(`${shell.baseURL}/auth`);
    await new SignInPage(page).submit('ptl@acme.test');
    await expect(page).toHaveURL(/\/mfe-host$/);
    await expect(new ShellChrome(page).tenantName).toHaveText('Northwind EU');

    // What reached the platform came through the proxy: sign-in, and tenant-prefixed calls.
    const log = await upstream.log();
    expect(log.some((r) => r.path === '/api/access/v1/oauth/token' && r.status === 200)).toBe(true);
    expect(log.some((r) => r.path === '/eu-tenant-7/api/global-state/v1/init' && r.status === 200)).toBe(true);
    expect(log.some((r) => r.path === '/seed-translations/en-us' || r.path.startsWith('/api/globalization/'))).toBe(true);
  } finally {
    await shell.close();
    await platform.stop();
  }
});

test('the standalone emulator prints the personas, and has no control API unless asked', async ({ request }) => {
  const platform = await startStandalonePlatform({ control: false });
  try {
    // Starting means compiling TypeScript and making an RSA key pair: slow on a busy machine.
    await expect.poll(() => platform.output(), { timeout: 30_000 }).toContain('bigorg@acme.test');
    expect(platform.output()).toContain('trust-shell-demo');
    expect((await request.post(`${platform.origin}/__control/reset`)).status()).toBe(404);
    expect((await request.get(`${platform.origin}/api/access/v1/permissions`)).status()).toBe(401);
  } finally {
    await platform.stop();
  }
});
