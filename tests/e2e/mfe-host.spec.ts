import { test, expect } from './fixtures.ts';
import { ar, de, en } from './support/catalogues.ts';
import { ShellChrome, SignInPage, StartupModals } from './support/pages.ts';
import { PlatformControl, quietenStartup } from './support/platform.ts';
import { tenantIdByName } from './support/session.ts';
import { startShellServerWithConfig } from './support/server.ts';
import { memberCredential, proofVerdict } from './support/credentials.ts';

test.describe('micro-frontend host (/mfe-host)', () => {
  test('the example remote mounts, calls the platform with the member’s bearer, and unmounts on navigation', async ({ page, signedIn, platform }) => {
    const lifecycle: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith('example remote')) lifecycle.push(m.text());
    });
    await signedIn(page, 'admin@acme.test');
    await expect(page).toHaveURL(/\/mfe-host$/);
    const fullName = new ShellChrome(page).memberName;
    await expect(fullName).not.toBeEmpty();
    await expect(page.getByTestId('example-remote-user')).toHaveText((await fullName.textContent())!);
    expect(lifecycle).toEqual(['example remote mounted']);

    const calls = await platform.log({ path: '/api/access/v1/users/current/legacy' });
    expect(calls.length).toBeGreaterThanOrEqual(2); // the shell's own and the remote's
    for (const call of calls) expect([memberCredential().test(call.headers.authorization ?? ''), call.dpop]).toEqual([true, proofVerdict()]);

    // An in-app navigation away from the host unmounts the remote.
    await page.evaluate(() => {
      history.pushState({}, '', '/404');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: en.PageNotFound })).toBeVisible();
    await expect.poll(() => lifecycle).toEqual(['example remote mounted', 'example remote unmounted']);
    await expect(page.getByTestId('example-remote-user')).toHaveCount(0);
  });

  test('a remote shows the tenant’s term of its module, and the new language’s after a live switch; an unsafe name is refused', async ({
    page,
    signedIn,
    platform,
    request,
  }) => {
    const modulePath = '/api/globalization/v2/translations/tenant-custom/';
    const tenantGuid = await tenantIdByName(request, platform, 'Acme Corp');
    await platform.moduleTerms({ tenantGuid, module: 'vendor', language: 'en-us', terms: { VendorsUnderReview: 'Partners under review' } });
    await platform.moduleTerms({ tenantGuid, module: 'vendor', language: 'de-de', terms: { VendorsUnderReview: 'Partner in Prüfung' } });
    // Arabic's answer is off the contract: the remote keeps its own text, the shell its language.
    await platform.override({ method: 'GET', path: `${modulePath}ar/vendor`, status: 200, body: { customTerms: 'none' } });
    // ?module= makes the example remote ask for a module named "../admin" too.
    await signedIn(page, 'admin@acme.test', '/mfe-host?module=..%2Fadmin');
    const overview = page.getByRole('list', { name: 'Overview' });
    await expect(overview.getByText('Partners under review')).toBeVisible();
    await expect(page.getByLabel('Module ../admin')).toHaveText('TypeError: host.i18n.module: "../admin" is not a module name: one path segment of 1 to 64 letters, digits, \'_\' or \'-\'');
    // One call, through the pipeline as a cacheable translation call; the refused name asked nothing.
    const asked = await platform.log({ path: modulePath });
    expect(asked.map((call) => [call.path, call.headers['cache-control'], call.headers['accept-language']])).toEqual([[`${modulePath}en-us/vendor`, 'max-age=3600', 'en-us']]);

    await page.evaluate(() => {
      (window as unknown as { sameDocument?: boolean }).sameDocument = true;
    });
    await new ShellChrome(page).pick('Deutsch');
    await expect(overview.getByText('Partner in Prüfung')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Acme Startseite' })).toBeVisible(); // the shell's catalogue followed too

    await new ShellChrome(page, de).pick('العربية');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(overview.getByText('Vendors under review')).toBeVisible();
    await expect(new ShellChrome(page, ar).tenantName).toHaveText('Acme Corp');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true); // no reload
    expect((await platform.log({ path: modulePath })).map((call) => call.path)).toEqual([`${modulePath}en-us/vendor`, `${modulePath}de-de/vendor`, `${modulePath}ar/vendor`]);
  });

  test('a remote that fails to load shows an error panel, not a blank page', async ({ page, request }) => {
    const server = await startShellServerWithConfig({ microFrontends: [{ name: 'Broken', route: 'broken', moduleUrl: '/remotes/missing/remote.js' }] });
    try {
      await quietenStartup(new PlatformControl(request, server));
      await page.goto(`${server.baseURL}/auth`);
      await new SignInPage(page).submit('admin@acme.test');
      await expect(page).toHaveURL(/\/mfe-host$/);
      const panel = page.getByRole('alert').filter({ hasText: en.MicroFrontendLoadError! });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('button', { name: en.Retry })).toBeVisible();
      await expect(new ShellChrome(page).tenantName).toHaveText('Acme Corp'); // the shell itself still works
    } finally {
      await server.close();
    }
  });
});

test.describe('remotes served at their own route (contract microFrontends[].route)', () => {
  const config = {
    microFrontends: [
      { name: 'Example', route: 'home', moduleUrl: '/remotes/example/remote.js' },
      { name: 'Benchmarking', route: 'reporting/benchmarking', moduleUrl: '/remotes/example/remote.js' },
    ],
  };

  test('LearnMore reaches the benchmarking remote; addresses no remote serves go to /404', async ({ page, request }) => {
    const server = await startShellServerWithConfig(config);
    try {
      const control = new PlatformControl(request, server);
      await control.reset();
      await control.override({ method: 'GET', path: '/api/alert/v1/alerts/maintenance/immediate', status: 204 });
      await control.override({
        method: 'GET',
        path: '/api/access/v1/tool-settings/user-preferences',
        status: 200,
        body: { UserFeedback: true, UserGuidance: true, ProductImprovements: false, ProductImprovementsNotification: false },
      });
      await page.goto(`${server.baseURL}/auth`);
      await new SignInPage(page).submit('ptl@acme.test');
      await expect(page).toHaveURL(/\/mfe-host$/);
      await new StartupModals(page).benchmarking.choose(en.LearnMore!);
      await expect(page).toHaveURL(`${server.baseURL}/reporting/benchmarking`);
      await expect(page.getByRole('heading', { level: 1, name: 'Benchmarking' })).toBeAttached();
      await expect(page.getByTestId('example-remote-user')).not.toBeEmpty();
      await expect(new ShellChrome(page).tenantName).toBeVisible(); // inside the signed-in shell

      // A full page load at the remote's own address mounts it too.
      await page.goto(`${server.baseURL}/reporting/benchmarking/quarterly`);
      await expect(page.getByTestId('example-remote-user')).not.toBeEmpty();
      await expect(page).toHaveURL(`${server.baseURL}/reporting/benchmarking/quarterly`);

      for (const address of ['/reporting/other', '/mfe-host/nowhere', '/mfe-host/reporting/nothing-here']) {
        await page.goto(`${server.baseURL}${address}`);
        await expect(page).toHaveURL(`${server.baseURL}/404`);
        await expect(page.getByRole('heading', { name: en.PageNotFound })).toBeVisible();
      }
      // Under /mfe-host the same remote mounts as before.
      await page.goto(`${server.baseURL}/mfe-host/reporting/benchmarking`);
      await expect(page.getByTestId('example-remote-user')).not.toBeEmpty();
    } finally {
      await server.close();
    }
  });
});
