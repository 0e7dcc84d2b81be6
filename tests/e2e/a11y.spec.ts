import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { axeViolations } from './support/axe.ts';

test('axe finds no violations on /404, /404/clouds and /auth', async ({ page }) => {
  // The not-found pages first, while nothing is known (the default logo): the sign-in page loads
  // the content object, whose login logo the not-found page shows from then on.
  for (const { path, ready } of [
    { path: '/404', ready: en.PageNotFound },
    { path: '/404/clouds', ready: en.PageNotFound },
    { path: '/auth', ready: en.SignIn },
  ]) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: ready })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
