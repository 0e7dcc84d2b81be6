import { test, expect, en } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';

for (const { path, ready } of [
  { path: '/auth', ready: en.SignIn },
  { path: '/404', ready: en.PageNotFound },
  { path: '/404/clouds', ready: en.PageNotFound },
]) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
