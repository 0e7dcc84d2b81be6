import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { SignInPage } from './support/pages.ts';

test.describe('route table (SPEC §2)', () => {
  // Both are full page loads while signed out, so they share a start; the not-found pages below
  // stay tests of their own: they show the product logo only while nothing is known yet.
  test('/ goes to /landing, /mfe-host, then /auth when signed out; a deep link loads its route (SPA fall-back)', async ({ page }) => {
    await test.step('/ goes to /landing, then /mfe-host, then /auth when signed out', async () => {
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.goto('/');
      await expect(page).toHaveURL(/\/auth$/);
      await expect(new SignInPage(page).heading).toBeVisible();
      // History-API navigations are reported too, so the chain of redirects is observable.
      expect(visited.at(0)).toBe('/');
      expect(visited).toContain('/landing');
      expect(visited.at(-1)).toBe('/auth');
    });

    await test.step('a deep link loads its route on a full page load (SPA fall-back)', async () => {
      await page.goto('/auth/connected-apps?landingPage=/x&application=evil.test');
      await expect(page.getByRole('heading', { name: en.ConnectedAppNotAllowed })).toBeVisible();
    });
  });

  for (const path of ['/no/such/page', '/404', '/404/clouds']) {
    test(`${path} shows the not-found page whose link leads to /landing`, async ({ page }) => {
      await page.goto(path);
      const expected = path === '/404/clouds' ? /\/404\/clouds$/ : /\/404$/;
      await expect(page).toHaveURL(expected);
      await expect(page.getByRole('img', { name: en.ProductLogo })).toBeVisible();
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: en.PageNotFound })).toBeVisible();
      await expect(page.getByText(en.SorryCantFindPage!)).toBeVisible();
      if (path === '/404/clouds') await expect(page.locator('.not-found__sky')).toBeAttached();
      await page.getByRole('link', { name: en.BackToApplication }).click();
      // /landing → /mfe-host → (signed out) /auth
      await expect(page).toHaveURL(/\/auth$/);
    });
  }
});
