import { axeViolations } from './support/axe.ts';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { finishedStarting, waitForServiceWorker } from './support/waits.ts';
import { recordDialogs } from './support/recorders.ts';
import { ShellChrome } from './support/pages.ts';
import { platformGet, tenantIdByName } from './support/session.ts';

/** Tenant branding, the kept brand, theme at start-up, direction, the 404 logo. */

interface IncomingBranding {
  loginLogoData: string | null;
  logoData: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  tertiaryColor: string | null;
  pageTitle: string | null;
}
interface Init {
  branding: IncomingBranding;
  resources: { resourceName: string; value: string }[];
  [key: string]: unknown;
}

const resource = (init: Init, name: string) => init.resources.find((r) => r.resourceName === name)?.value;
const brandVar = (page: Page, name: string) => page.evaluate((n) => document.documentElement.style.getPropertyValue(n), name);
const favicon = (page: Page) => page.locator('link[rel~="icon"]').first().getAttribute('href');
const text = (key: string, values: Record<string, string>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), en[key]!);

test.describe('tenant branding', () => {
  test('tenant brand: colours, tab title, favicon, logo, axe clean; sign-out restores it; a failed theme call keeps the theme', async ({
    page,
    signedIn,
    platform,
    request,
  }) => {
    const chrome = new ShellChrome(page);
    await test.step('the tenant brand paints colours, tab title, favicon, logo and title; axe passes; sign-out restores the product brand', async () => {
      const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
      // Acme Corp uses the workspace navigation: its own branding call follows init's.
      const workspace = await platformGet<IncomingBranding>(request, platform, '/api/branding/v1/branding?isWorkspaceNavigation=true');
      await platform.clearLog();
      await signedIn(page, 'admin@acme.test');

      await expect.poll(() => brandVar(page, '--brand-primary')).toBe(init.branding.primaryColor);
      expect(await brandVar(page, '--brand-secondary')).toBe(init.branding.secondaryColor);
      expect(await brandVar(page, '--brand-tertiary')).toBe(init.branding.tertiaryColor);
      // Readable text on each brand colour: white on the blue and the slate, black on the amber.
      expect([await brandVar(page, '--brand-on-primary'), await brandVar(page, '--brand-on-secondary'), await brandVar(page, '--brand-on-tertiary')]).toEqual([
        '#FFFFFF',
        '#FFFFFF',
        '#000000',
      ]);
      await expect(page).toHaveTitle(resource(init, 'tabTitle')!);
      expect(await favicon(page)).toBe(resource(init, 'favicon'));
      await expect(chrome.tenantLogo).toHaveAttribute('src', workspace.logoData!);
      await expect(chrome.tenantLogo).toHaveAccessibleName(text('TenantLogo', { name: 'Acme Corp' }));
      await expect(chrome.bar).toContainText(workspace.pageTitle!);
      const calls = await platform.log({ path: '/api/branding/v1/branding' });
      expect(calls.map((c) => c.query)).toEqual([{ isWorkspaceNavigation: 'true' }]);

      expect(await axeViolations(page)).toEqual([]);

      await chrome.signOut();
      await expect(page).toHaveURL(/\/auth$/);
      expect(await brandVar(page, '--brand-primary')).toBe('');
      await expect(page.locator('html')).toHaveAttribute('data-brand', 'product');
      expect(await favicon(page)).toBe('/favicon.svg');
    });
    await test.step('a failed theme call: switching off, the stored theme stays', async () => {
      await page.goto('/auth');
      await page.evaluate(() => localStorage.setItem('trust-shell.theme', 'preview'));
      await platform.fault({ method: 'GET', path: '/api/atlas/v1/theme', status: 500 });
      await signedIn(page, 'admin@acme.test');
      await expect(chrome.tenantName).toHaveText('Acme Corp');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'preview');
      await chrome.openUserMenu();
      await expect(chrome.choicesNamed(en.ThemePreview!)).toHaveCount(0);
      await page.keyboard.press('Escape');
      expect((await platform.log({ path: '/api/atlas/v1/theme' })).map((r) => r.status)).toContain(500);
    });
  });

  test('hostile values are refused field by field and the rest of the brand still applies', async ({ page, signedIn, platform, request }) => {
    const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
    const hostile: Init = {
      ...init,
      branding: {
        ...init.branding,
        pageTitle: '<script>window.__xss = 1</script>',
        primaryColor: 'red;background:url(https://evil.test/x.png)',
        logoData: 'javascript:window.__xss=1',
      },
      resources: [
        { resourceName: 'favicon', value: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"/>' },
        { resourceName: 'tabTitle', value: '<img src=x onerror="window.__xss=1">' },
      ],
    };
    await platform.override({ method: 'GET', path: '/api/global-state/v1/init', status: 200, body: hostile });
    // No workspace branding either (its failure keeps init's branding).
    await platform.override({ method: 'GET', path: '/api/branding/v1/branding', status: 404, body: { code: 'NOT_FOUND', message: 'none' } });
    const dialogs = recordDialogs(page);
    await signedIn(page, 'admin@acme.test');
    const chrome = new ShellChrome(page);

    // The valid fields of the same answer are applied…
    await expect.poll(() => brandVar(page, '--brand-secondary')).toBe(init.branding.secondaryColor);
    expect(await brandVar(page, '--brand-tertiary')).toBe(init.branding.tertiaryColor);
    // …the hostile ones fall back to their defaults.
    expect(await brandVar(page, '--brand-primary')).toBe('#FFFFFF');
    expect(await page.locator('html').getAttribute('style')).not.toContain('url(');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundImage)).toBe('none');
    await expect(page).toHaveTitle('trust-shell');
    expect(await favicon(page)).toBe('/favicon.svg');
    await expect(chrome.tenantLogo).toHaveAccessibleName(en.ProductLogo!);
    await expect(chrome.tenantLogo).toHaveAttribute('src', '/brand/default-logo.svg');
    await expect(chrome.bar).not.toContainText('__xss');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  // A reload offline: the service worker serves the shell (the config blocks it by default; the
  // other tests here paint the brand as any start does, whoever serves it).
  test.describe('served by the service worker', () => {
    test.use({ serviceWorkers: 'allow' });

    test('offline reload paints the kept brand; a picked theme is kept; switching off applies the server theme over the stored', async ({
      page,
      context,
      signedIn,
      platform,
      request,
    }) => {
      const chrome = new ShellChrome(page);
      await test.step('a reload offline paints the kept brand without any network answer', async () => {
        const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
        const workspace = await platformGet<IncomingBranding>(request, platform, '/api/branding/v1/branding?isWorkspaceNavigation=true');
        await signedIn(page, 'admin@acme.test');
        await expect.poll(() => brandVar(page, '--brand-primary')).toBe(init.branding.primaryColor);
        await expect(chrome.tenantLogo).toHaveAttribute('src', workspace.logoData!);
        await waitForServiceWorker(page);

        await context.setOffline(true);
        await platform.clearLog();
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('data-brand', 'custom');
        expect(await brandVar(page, '--brand-primary')).toBe(init.branding.primaryColor);
        await expect(page).toHaveTitle(resource(init, 'tabTitle')!);
        expect(await favicon(page)).toBe(resource(init, 'favicon'));
        await expect(chrome.tenantLogo).toHaveAttribute('src', workspace.logoData!);
        await expect(chrome.bar).toContainText(workspace.pageTitle!);
        expect(await platform.log()).toEqual([]);
        await context.setOffline(false);
      });
      await test.step('switching on: the member picks a theme in the top bar; it is kept for the next start', async () => {
        // Back online, the tab reloads the state once the network has stayed on for a moment (its
        // theme call included): done before the calls below are counted.
        await expect.poll(async () => (await platform.log({ path: '/api/atlas/v1/theme' })).length, { timeout: 20_000 }).toBeGreaterThan(0);
        await finishedStarting(page);
        await chrome.openUserMenu();
        await expect(chrome.choice(en.ThemeDefault!)).toHaveAttribute('aria-checked', 'true');
        await chrome.choice(en.ThemePreviewDark!).click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'preview-dark');
        await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
        expect(await axeViolations(page, 'header')).toEqual([]);

        await platform.clearLog();
        await page.reload();
        await chrome.openUserMenu();
        await expect(chrome.choice(en.ThemePreviewDark!)).toHaveAttribute('aria-checked', 'true');
        await page.keyboard.press('Escape');
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'preview-dark');
        // At most one theme read: the worker may answer the reload's from the one it fetched a
        // moment ago for the same member and tenant (shared start-up reads, 3 s).
        expect((await platform.log({ path: '/api/atlas/v1/theme' })).length).toBeLessThanOrEqual(1);
      });
      await test.step('switching off (Acme Europe): the server theme applies over the stored one, no theme menu, inherited brand', async () => {
        const europe = await tenantIdByName(request, platform, 'Acme Europe');
        await chrome.pick(en.ThemePreview!);
        await page.goto(`/mfe-host?context=${europe}&contextVersion=2`);
        await expect(chrome.tenantName).toHaveText('Acme Europe');
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'preview-dark');
        await chrome.openUserMenu();
        await expect(chrome.choicesNamed(en.ThemePreview!)).toHaveCount(0);
        await page.keyboard.press('Escape');
        // The server's theme is applied, the member's own choice stays stored for tenants that allow it.
        expect(await page.evaluate(() => localStorage.getItem('trust-shell.theme'))).toBe('preview');
        await expect(page).toHaveTitle('Acme Europe');
        await expect(chrome.bar).toContainText('Acme Europe Trust Center');
        expect(await axeViolations(page, 'header')).toEqual([]);
      });
    });
  });
});

test('the Arabic member gets right-to-left after sign-in, and the branded chrome passes axe', async ({ page, signedIn }) => {
  await signedIn(page, 'arabic@acme.test');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'custom');
  expect(await axeViolations(page, 'header')).toEqual([]);
});

test.describe('404 logo (SPEC §2)', () => {
  test('nothing known: the default logo; signed out: the content object’s login logo; signed in: the branding login logo', async ({
    page,
    signedIn,
    platform,
    request,
  }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: en.PageNotFound })).toBeVisible();
    await expect(page.getByRole('img', { name: en.ProductLogo })).toHaveAttribute('src', '/brand/default-logo.svg');

    const anonymous = (await (await request.get(`${platform.baseURL}/api/global-state/v1/no-auth-init`)).json()) as { content: { loginLogo: string } };
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: en.SignIn })).toBeVisible();
    // The sign-in page keeps the content object once its anonymous state has loaded.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('trust-shell.content'))).not.toBeNull();
    await page.goto('/404');
    await expect(page.getByRole('img', { name: en.LoginLogo })).toHaveAttribute('src', anonymous.content.loginLogo);

    const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
    await signedIn(page, 'admin@acme.test');
    await expect.poll(() => brandVar(page, '--brand-primary')).toBe(init.branding.primaryColor);
    // In-app navigation (the signed-in state stays in memory).
    await page.evaluate(() => {
      history.pushState(null, '', '/404');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: en.PageNotFound })).toBeVisible();
    await expect(page.getByRole('img', { name: en.LoginLogo })).toHaveAttribute('src', init.branding.loginLogoData!);
    expect(init.branding.loginLogoData).not.toBe(anonymous.content.loginLogo);
  });
});
