import AxeBuilder from '@axe-core/playwright';
import { test, expect, en } from './fixtures.ts';

for (const { path, ready } of [
  { path: '/auth', ready: en.SignIn },
  { path: '/404', ready: en.PageNotFound },
  { path: '/404/clouds', ready: en.PageNotFound },
]) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
