// The worked example of tests/README.md, run as written: keep the two the same.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { finishedStarting } from './support/waits.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { refreshGrants, returnUrl } from './support/session.ts';

test('a refused refresh signs every tab out, each keeping its place', async ({ tabs, signIn, platform }) => {
  // 1. One member's browser, three tabs, one session.
  const [a, b, c] = (await tabs(3)) as [Page, Page, Page];
  await signIn(a, 'admin@acme.test');
  for (const tab of [b, c]) {
    await tab.goto('/mfe-host/home');
    await new ShellChrome(tab).expectSignedInAs('Ada Admin');
  }
  await a.goto('/mfe-host/home/risk?tab=2');
  // Tab A has finished starting: no call of its start is on its way when the clock moves.
  await finishedStarting(a);

  // 2. The platform refuses the next grant, and its clock moves on so every access token has
  //    expired (the browser's clock stays: its tokens look valid to it until the platform says no).
  await platform.clearLog();
  await platform.fault({ path: '/api/access/v1/oauth/token', status: 400 });
  await platform.clock(1000);

  // 3. The member reloads tab A: its start-up meets the 401, the refresh is refused.
  await a.reload();

  // 4. What the member sees: every tab on the sign-in page, each with its own return URL.
  for (const tab of [a, b, c]) await expect(tab).toHaveURL(/\/auth$/);
  expect(await returnUrl(a)).toBe('/mfe-host/home/risk?tab=2');
  expect(await returnUrl(b)).toBe('/mfe-host/home');

  // 5. What the platform received: one refused grant (one refresh for all tabs).
  const grants = refreshGrants(await platform.log({ path: '/api/access/v1/oauth/token' }));
  expect(grants.map((g) => g.status)).toEqual([400]);

  // 6. Signing in again brings tab A back to its place.
  await platform.clearFaults();
  await platform.clock(0);
  await new SignInPage(a).submit('admin@acme.test');
  await expect(a).toHaveURL(/\/mfe-host\/home\/risk\?tab=2$/);
});
