import { test, expect } from './fixtures.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { ShellChrome } from './support/pages.ts';
import type { LoggedRequest } from './support/platform.ts';
import { memberCredential } from './support/credentials.ts';

// The service worker is part of what these tests check (the config blocks it by default).
test.use({ serviceWorkers: 'allow' });

/**
 * SPEC §7 common request behaviour, checked on what the platform received: once with the service
 * worker applying the pipeline, once with service workers blocked (the page applies it).
 */
for (const mode of ['service worker', 'in page'] as const) {
  test.describe(`request pipeline (${mode})`, () => {
    // The browser sends its own default Accept-Language (fr-FR here) on every request; the
    // pipeline's value is the stored language (en-us), so the two can be told apart.
    test.use({ locale: 'fr-FR', ...(mode === 'in page' ? { serviceWorkers: 'block' as const } : {}) });

    test('bearer, tenant prefix, Accept-Language, cache headers and XSRF reach the platform', async ({ page, context, platform, signIn, baseURL }) => {
      await context.addCookies([{ name: 'XSRF-TOKEN', value: 'xsrf-123', url: baseURL! }]);
      await page.goto('/auth');
      if (mode === 'service worker') {
        await waitForServiceWorker(page);
      } else {
        expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
      }
      await signIn(page, 'ptl@acme.test');
      await expect(new ShellChrome(page).memberName).not.toBeEmpty();
      const log = await platform.log();
      const find = (suffix: string, method = 'GET') => log.filter((r) => r.path.endsWith(suffix) && r.method === method);

      // The token call: outside the pipeline (no bearer, no prefix, no Accept-Language) but with XSRF.
      const [grant] = find('/api/access/v1/oauth/token', 'POST');
      expect(grant?.path).toBe('/api/access/v1/oauth/token');
      expect(grant?.headers.authorization).toBeUndefined();
      expect(grant?.headers['accept-language']).toMatch(/^fr/);
      expect(grant?.headers['x-xsrf-token']).toBe('xsrf-123');

      // Signed-in calls: prefixed with the token's ptl, bearer, language, no-cache; no XSRF on GET.
      const [init] = find('/api/global-state/v1/init');
      expect(init?.path).toBe('/eu-tenant-7/api/global-state/v1/init');
      expect(init?.status).toBe(200);
      expect(init?.headers.authorization).toMatch(memberCredential());
      expect(init?.headers['accept-language']).toBe('en-us');
      expect(init?.headers['cache-control']).toBe('no-cache');
      expect(init?.headers['x-xsrf-token']).toBeUndefined();

      // A cacheable call (the translations the shell loads at start, before sign-in) asks for max-age=3600.
      const translations = log.find((r) => r.path === '/api/globalization/v1/translations/en-us');
      expect(translations?.headers['cache-control']).toBe('max-age=3600');
      expect(translations?.headers['accept-language']).toBe('en-us');
      expect(translations?.query).toMatchObject({ language: 'en-us', tenantId: '00000000-0000-0000-0000-000000000000' });

      // A write carries XSRF; the sign-out's logout call is one.
      await new ShellChrome(page).signOut();
      await expect(page).toHaveURL(/\/auth$/);
      const logout = (await platform.log({ method: 'POST' })).find((r: LoggedRequest) => r.path.endsWith('/api/access/v1/auth/logout'));
      expect(logout?.path).toBe('/eu-tenant-7/api/access/v1/auth/logout');
      expect(logout?.headers['x-xsrf-token']).toBe('xsrf-123');
      expect(logout?.headers.authorization).toMatch(memberCredential());
    });

    test.describe('beyond the policy', () => {
      // The page's Content-Security-Policy (connect-src 'self') refuses this probe before it leaves the
      // page; the pipeline's own rule is what is tested here, so the browser ignores the policy.
      test.use({ bypassCSP: true });
      test('a cross-origin request from the page never carries the bearer', async ({ page, platform, signedIn, baseURL }) => {
        await signedIn(page, 'admin@acme.test');
        if (mode === 'service worker') await waitForServiceWorker(page);
        // Same server, other host name: another origin as far as the browser is concerned.
        const other = baseURL!.replace('127.0.0.1', 'localhost');
        await page.evaluate((url) => fetch(url, { mode: 'no-cors' }).catch(() => undefined), `${other}/api/access/v1/permissions?probe=cross`);
        await expect.poll(async () => (await platform.log({ path: '/api/access/v1/permissions' })).filter((r) => r.query.probe === 'cross').length).toBe(1);
        const [cross] = (await platform.log({ path: '/api/access/v1/permissions' })).filter((r) => r.query.probe === 'cross');
        expect(cross?.headers.authorization).toBeUndefined();
        expect(cross?.headers['accept-language']).toMatch(/^fr/);
        expect(cross?.status).toBe(401);
      });
    });
  });
}

test.describe('request pipeline with a controlling service worker', () => {
  test('the worker answers start-up reads (shared between tabs), cacheable reads and any call left unprepared', async ({ page, platform, signIn }) => {
    // Which host answered each platform call the page (or its organisation-tree worker) made.
    const fromWorker = new Map<string, boolean>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.includes('/api/')) fromWorker.set(pathname, response.fromServiceWorker());
    });
    await page.goto('/auth');
    await waitForServiceWorker(page);
    await signIn(page, 'admin@acme.test');
    await expect(new ShellChrome(page).memberName).not.toBeEmpty();

    // Start-up reads go through the worker, which shares one tab's answer with the others
    // (tests/e2e/shared-reads.spec.ts); the pipeline adds the bearer there. The page prepares its
    // other non-cacheable reads itself (pipeline/core/calls isPreparedInPage, unit-tested).
    for (const path of ['/api/global-state/v1/init', '/api/access/v1/users/current/legacy']) {
      expect(fromWorker.get(path), path).toBe(true);
      const [call] = await platform.log({ path });
      expect(call?.headers.authorization, path).toMatch(memberCredential());
      expect(call?.headers['accept-language'], path).toBe('en-us');
    }
    // A cacheable read is the worker's: it keeps the answer for offline use.
    expect(fromWorker.get('/api/content/v1/info/version')).toBe(true);

    // A screen's own fetch of a platform path still gets the worker's pipeline.
    const status = await page.evaluate(async () => (await fetch('/api/access/v1/permissions?probe=plain')).status);
    expect(status).toBe(200);
    expect(fromWorker.get('/api/access/v1/permissions')).toBe(true);
    const [plain] = (await platform.log({ path: '/api/access/v1/permissions' })).filter((r) => r.query.probe === 'plain');
    expect(plain?.headers.authorization).toMatch(memberCredential());
  });
});
