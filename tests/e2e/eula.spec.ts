import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en, ar } from './support/catalogues.ts';
import { quietenStartup } from './support/platform.ts';
import { axeViolations } from './support/axe.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { refreshGrants } from './support/session.ts';

const eulaPath = '/api/access/v1/eula';
const acceptancePath = '/api/access/v1/eula/acceptance';
const eulaEmail = 'eula@acme.test';

/** The agreement the emulator serves (its heading), so the test does not copy its text. */
const agreementHeading = (page: Page) => page.getByRole('heading', { name: 'Terms of use' });
const acceptButton = (page: Page, texts = en) => page.getByRole('button', { name: texts.Accept });

test.describe('/eula: the end-user agreement', () => {
  // The steps that accept share one tab: each next one starts afresh (freshStart).
  test('accepting: the shown Version, one refresh, the return URL; a 400 on Version shows the new text; failures retry', async ({
    page,
    freshStart,
    platform,
  }) => {
    await test.step('shows the agreement, accepts the shown Version, refreshes once and goes on to the return URL', async () => {
      await page.goto('/mfe-host/home');
      await expect(page).toHaveURL(/\/auth$/);
      await new SignInPage(page).submit(eulaEmail);
      await expect(page).toHaveURL(/\/eula$/);
      await expect(page.getByRole('heading', { level: 1, name: en.EndUserAgreement })).toBeVisible();
      await expect(agreementHeading(page)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // Keyboard alone: Tab reaches Accept, Enter accepts.
      const accept = acceptButton(page);
      for (let i = 0; i < 20 && !(await accept.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
      await expect(accept).toBeFocused();
      await platform.clearLog();
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/mfe-host\/home$/);
      await expect(new ShellChrome(page).tenantName).toHaveText('Acme Corp');

      const accepted = await platform.log({ path: acceptancePath, method: 'POST' });
      expect(accepted.map((r) => [r.status, r.body])).toEqual([[204, { Version: '2026.1' }]]);
      const grants = refreshGrants(await platform.log({ path: '/api/access/v1/oauth/token' }));
      expect(grants.length).toBeGreaterThanOrEqual(1);
      expect(grants[0]!.seq).toBeGreaterThan(accepted[0]!.seq);
      expect(visited).not.toContain('/eula');
      // The member's own role now: a reload stays in the shell.
      await page.reload();
      await expect(new ShellChrome(page).tenantName).toHaveText('Acme Corp');
      await expect(page).toHaveURL(/\/mfe-host\/home$/);
    });

    await test.step('a 400 on Version shows the new agreement with a message; accepting that one goes on', async () => {
      await freshStart(page); // the platform forgets the acceptance; no return URL is kept
      await platform.override({ method: 'GET', path: eulaPath, status: 200, body: { Version: '2025.4', Html: '<h2>Old terms</h2><p>Superseded.</p>' }, times: 1 });
      await page.goto('/auth');
      await new SignInPage(page).submit(eulaEmail);
      await expect(page.getByRole('heading', { name: 'Old terms' })).toBeVisible();
      await acceptButton(page).click();
      await expect(page.getByText(en.EulaChanged!)).toBeVisible();
      await expect(agreementHeading(page)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Old terms' })).toHaveCount(0);
      await expect(page).toHaveURL(/\/eula$/);
      await acceptButton(page).click();
      await expect(page).toHaveURL(/\/mfe-host$/);
      const accepted = await platform.log({ path: acceptancePath, method: 'POST' });
      expect(accepted.map((r) => [r.status, r.body])).toEqual([
        [400, { Version: '2025.4' }],
        [204, { Version: '2026.1' }],
      ]);
    });

    await test.step('a failed load and a failed acceptance say so and can be tried again', async () => {
      await freshStart(page); // the platform forgets the acceptance; no return URL is kept
      await platform.fault({ method: 'GET', path: eulaPath, status: 500, times: 1 });
      await page.goto('/auth');
      await new SignInPage(page).submit(eulaEmail);
      await expect(page.getByRole('alert').filter({ hasText: en.EulaLoadError! })).toBeVisible();
      await expect(acceptButton(page)).toHaveCount(0);
      await page.getByRole('button', { name: en.Retry }).click();
      await expect(agreementHeading(page)).toBeVisible();

      await platform.fault({ method: 'POST', path: acceptancePath, status: 503, times: 1 });
      await acceptButton(page).click();
      await expect(page.getByRole('alert').filter({ hasText: en.EulaAcceptError! })).toBeVisible();
      await expect(page).toHaveURL(/\/eula$/);
      await acceptButton(page).click();
      await expect(page).toHaveURL(/\/mfe-host$/);
    });
  });

  // The steps that never accept share one start too: the sanitised agreement first (so its
  // reading of the CSP reports holds its own alone), then, signed out, offline and in Arabic.
  test('without accepting: sanitised HTML; offline, Accept waits and Sign out logs off; in Arabic right to left, axe-clean', async ({
    page,
    context,
    platform,
    cspViolations,
  }) => {
    await test.step('the agreement HTML is sanitised like all server HTML', async () => {
      await page.addInitScript(() => {
        (window as unknown as { hacked: boolean }).hacked = false;
      });
      const hostile = '<h2>Terms of use</h2><img src="x" onerror="window.hacked=true"><script>window.hacked=true</script><a href="javascript:window.hacked=true">link</a>';
      await platform.override({ method: 'GET', path: eulaPath, status: 200, body: { Version: '2026.1', Html: hostile } });
      await page.goto('/auth');
      await new SignInPage(page).submit(eulaEmail);
      await expect(agreementHeading(page)).toBeVisible();
      const agreement = page.getByTestId('eula-text');
      await expect(agreement.locator('script, [onerror]')).toHaveCount(0);
      await expect(agreement.locator('a[href^="javascript:"]')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { hacked: boolean }).hacked)).toBe(false);
      // Chromium reports the inline handler while the sanitiser parses the string (in an inert
      // document, where nothing runs): that report is expected, and nothing else may be.
      expect(cspViolations.splice(0).filter((v) => !/^script-src-attr inline /.test(v))).toEqual([]);
    });

    await test.step('offline, the page says so and Accept waits for the network; Sign out leaves through the logoff', async () => {
      // Signed out from the agreement page, the platform back at its start (its answer unchanged).
      await page.getByRole('button', { name: en.SignOut }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await platform.reset();
      await quietenStartup(platform);
      await page.goto('/auth');
      await new SignInPage(page).submit(eulaEmail);
      await expect(agreementHeading(page)).toBeVisible();
      await context.setOffline(true);
      await expect(page.getByText(en.EulaOffline!)).toBeVisible();
      await expect(acceptButton(page)).toBeDisabled();
      await context.setOffline(false);
      await expect(acceptButton(page)).toBeEnabled();

      await test.step('Sign out leaves through the logoff', async () => {
        await page.getByRole('button', { name: en.SignOut }).click();
        await expect(page).toHaveURL(/\/auth$/);
        expect((await platform.log({ path: '/api/access/v1/auth/logout', method: 'POST' })).length).toBe(1);
        expect(await platform.log({ path: acceptancePath })).toEqual([]);
      });
    });

    await test.step('in Arabic the page is right to left, and axe finds nothing', async () => {
      await page.goto('/auth');
      await new SignInPage(page).language.selectOption('ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await new SignInPage(page, ar).submit(eulaEmail);
      await expect(page).toHaveURL(/\/eula$/);
      await expect(page.getByRole('heading', { level: 1, name: ar.EndUserAgreement })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(acceptButton(page, ar)).toBeVisible();
      await expect(page.getByRole('button', { name: ar.SignOut })).toBeVisible();
      await expect(agreementHeading(page)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
