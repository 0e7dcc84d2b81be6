import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { finishedStarting } from './support/waits.ts';
import { ShellChrome } from './support/pages.ts';
import { refreshGrants } from './support/session.ts';

/**
 * A laptop asleep for two hours (issue 45): its access token has expired, its refresh token has
 * not. Page and platform clocks move together; the page runs the pipeline itself (the service
 * worker keeps real time, which no test clock reaches).
 */
const tokenPath = '/api/access/v1/oauth/token';
const preferencesPrefix = '/api/globalization/v1/ui-settings/user/';
const twoHours = 7_200;

test('a laptop asleep two hours resumes within 5 s of the network: one refresh for all tabs, no sign-out, outbox once', async ({
  context,
  tabs,
  signedIn,
  platform,
}) => {
  await context.clock.install();
  const [a, b] = (await tabs(2)) as [Page, Page];
  // A member without SessionTimeoutWarning: no idle deadline signs them out.
  await signedIn(a, 'basic@acme.test');
  await b.goto('/mfe-host');
  for (const page of [a, b]) await expect(new ShellChrome(page).memberName).not.toBeEmpty();
  for (const page of [a, b]) await finishedStarting(page);

  // The network goes as the lid closes, a write just made: it waits on the device.
  await new ShellChrome(a).saveTimeFormat('24Hour', { offline: context });
  await expect(new ShellChrome(a).pendingWrites(1)).toBeVisible({ timeout: 20_000 });

  // Two hours asleep: the wall clock jumps, no timer ran meanwhile.
  await platform.clearLog();
  await platform.clock(twoHours);
  const now = await a.evaluate(() => Date.now());
  await context.clock.setSystemTime(now + twoHours * 1000);
  // From here the tabs' timers run only as the test moves the clock: what must happen within 5 s
  // must not need a timer later than that.
  await context.clock.pauseAt(now + twoHours * 1000 + 1000);

  // The network returns; five seconds later everything is back.
  await context.setOffline(false);
  await context.clock.runFor(5_000);
  for (const page of [a, b]) {
    await expect(page).toHaveURL(/\/mfe-host$/);
    await expect(new ShellChrome(page).memberName).not.toBeEmpty();
    await expect(new ShellChrome(page).offline).toHaveCount(0);
  }
  await expect(new ShellChrome(a).writesIndicator).toHaveCount(0);
  const grants = refreshGrants(await platform.log({ path: tokenPath }));
  expect(grants.map((g) => g.status)).toEqual([200]);
  const puts = (await platform.log({ path: preferencesPrefix, method: 'PUT' })).filter((p) => p.status > 0 && p.status < 300);
  expect(puts.map((p) => p.replayed)).toEqual([false]);
  expect((await platform.log()).map((r) => r.path)).not.toContain('/api/access/v1/auth/logout');
});
