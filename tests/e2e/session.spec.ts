import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { autoRefreshRuns, countRefreshes, outcomes, refreshGrants, switchGrants, tenantIdByName } from './support/session.ts';
import { Dialog, ShellChrome, SignInPage } from './support/pages.ts';
import type { LoggedRequest } from './support/platform.ts';
import { memberCredential, tokenClaims } from './support/credentials.ts';

// The service worker is part of what these tests check (the config blocks it by default): each test
// that has it waits until it controls the page. Describes whose checks are the page's own (the
// sign-in page's flows, the auto refresh, a context in the address) block it: they would only pay
// for its install, and the worker would take their pages over at no fixed moment.
test.use({ serviceWorkers: 'allow' });

const tokenPath = '/api/access/v1/oauth/token';

/** `n` tabs of one member: the first arrives signed in, the others open `path`. */
async function openSignedIn(tabs: (n: number) => Promise<Page[]>, signIn: (p: Page, e: string) => Promise<void>, n: number, email = 'admin@acme.test', path = '/mfe-host') {
  const pages = await tabs(n);
  await signIn(pages[0]!, email);
  for (const page of pages.slice(1)) {
    await page.goto(path);
    await expect(new ShellChrome(page).memberName).not.toBeEmpty();
  }
  return pages;
}

test.describe('sign-in', () => {
  test.use({ serviceWorkers: 'block' });
  test('a wrong password shows an error and keeps the typed email', async ({ page, platform }) => {
    await page.goto('/auth');
    const signInPage = new SignInPage(page);
    await signInPage.submit('admin@acme.test', 'not-the-password');
    await expect(signInPage.error).toHaveText(en.WrongEmailOrPassword!);
    await expect(signInPage.email).toHaveValue('admin@acme.test');
    await expect(page).toHaveURL(/\/auth$/);
    const [grant] = await platform.log({ path: tokenPath });
    expect(grant?.status).toBe(400);
  });

  test('the AcceptEula persona lands on /eula', async ({ page }) => {
    await page.goto('/auth');
    await new SignInPage(page).submit('eula@acme.test');
    await expect(page).toHaveURL(/\/eula$/);
    await expect(page.getByRole('heading', { name: en.EndUserAgreement })).toBeVisible();
  });

  test('a return URL is followed after sign-in, an off-site one never', async ({ page, signIn }) => {
    await page.goto('/auth');
    await page.evaluate(() => sessionStorage.setItem('trust-shell.returnUrl', '/mfe-host/home/risk?tab=2'));
    await signIn(page, 'admin@acme.test');
    await expect(page).toHaveURL(/\/mfe-host\/home\/risk\?tab=2$/);

    await new ShellChrome(page).signOut();
    await expect(page).toHaveURL(/\/auth$/);
    for (const hostile of ['https://evil.test/x', '//evil.test/x', '/\\evil.test']) {
      await page.evaluate((v) => sessionStorage.setItem('trust-shell.returnUrl', v), hostile);
      await new SignInPage(page).submit('admin@acme.test');
      await expect(page).toHaveURL(/\/mfe-host$/);
      expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? page.url()).host);
      await new ShellChrome(page).signOut();
      await expect(page).toHaveURL(/\/auth$/);
    }
  });

  test('a SAML user signs out through the platform SAML logout path', async ({ page, platform }) => {
    await page.goto('/auth');
    await new SignInPage(page).continueWith('sso@acme.test');
    await page.getByRole('button', { name: 'Sign in as sso@acme.test' }).click();
    await expect(page).toHaveURL(/\/mfe-host$/);
    await new ShellChrome(page).signOut();
    await expect(page).toHaveURL(/\/auth$/);
    const [samlLogout] = await platform.log({ path: '/authentication/saml2/logout' });
    expect(samlLogout?.query).toEqual({ email: 'sso@acme.test' });
    const [serverLogout] = await platform.log({ path: '/api/access/v1/auth/logout' });
    expect(serverLogout?.status).toBe(204);
  });

  test('a tab waiting on /auth follows a sign-in made in another tab', async ({ tabs, signIn }) => {
    const [a, b] = await tabs(2);
    await b!.goto('/auth');
    await expect(new SignInPage(b!).heading).toBeVisible();
    await signIn(a!, 'admin@acme.test');
    await expect(b!).toHaveURL(/\/mfe-host$/);
    await expect(new ShellChrome(b!).tenantName).toHaveText('Acme Corp');
  });
});

for (const mode of ['service worker', 'in page'] as const) {
  test.describe(`one refresh across tabs (${mode})`, () => {
    if (mode === 'in page') test.use({ serviceWorkers: 'block' });

    test('5 tabs with an expired access token: exactly one refresh, every call succeeds after one retry', async ({ tabs, signedIn, platform }) => {
      // Each tab shows the example business screen, which makes its platform calls through the
      // host API: the page's own pipeline, or the service worker's.
      const pages = await openSignedIn(tabs, signedIn, 5, 'admin@acme.test', '/mfe-host/home?calls=10');
      await pages[0]!.goto('/mfe-host/home?calls=10');
      for (const page of pages) {
        if (mode === 'service worker') await waitForServiceWorker(page);
        await expect(page.getByRole('button', { name: 'Run 10 calls' })).toBeVisible();
      }
      await platform.clearLog();
      await platform.clock(1000); // the platform now sees every issued access token as expired

      // 10 concurrent calls in each of the 5 tabs, all at once.
      await Promise.all(pages.map((page) => page.getByRole('button', { name: 'Run 10 calls' }).click()));
      const statuses: number[] = [];
      for (const page of pages) {
        const output = page.getByTestId('example-remote-statuses');
        await expect(output).toHaveText(/^\d{3}(,\d{3}){9}$/);
        statuses.push(...(await output.textContent())!.split(',').map(Number));
      }
      expect(statuses).toHaveLength(50);
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(await countRefreshes(platform)).toBe(1);
      // Every refused call was retried exactly once: as many 401s as retried successes at most.
      const log = await platform.log({ path: '/api/access/v1/permissions' });
      expect(log.filter((r) => r.status === 401).length).toBeLessThanOrEqual(log.filter((r) => r.status === 200).length);
    });
  });
}

test.describe('refresh refused or unanswered', () => {
  // A refused refresh signing every tab out, each keeping its own return URL, and the way back in:
  // readme-example.spec.ts, the worked example of tests/README.md.

  for (const cause of ['503 from the token endpoint', 'network off'] as const) {
    test(`${cause}: every tab stays signed in and offline, then exactly one refresh when it returns`, async ({ context, tabs, signedIn, platform }) => {
      await context.clock.install();
      const pages = await openSignedIn(tabs, signedIn, 3);
      for (const page of pages) await waitForServiceWorker(page);
      await platform.clock(1000);
      if (cause === 'network off') await context.setOffline(true);
      else await platform.fault({ path: tokenPath, status: 503 });
      await Promise.all(pages.map((page) => page.reload()));
      for (const page of pages) {
        await expect(page).toHaveURL(/\/mfe-host$/);
        await expect(new ShellChrome(page).offline).toBeVisible();
        await expect(new ShellChrome(page).memberName).not.toBeEmpty();
      }
      await platform.clearLog();
      if (cause === 'network off') await context.setOffline(false);
      else await platform.clearFaults();
      await context.clock.runFor(6000); // one recovery poll
      for (const page of pages) await expect(new ShellChrome(page).offline).toHaveCount(0);
      const successfulRefreshes = async () => refreshGrants(await platform.log({ path: tokenPath })).filter((r) => r.status === 200).length;
      await expect.poll(successfulRefreshes).toBe(1);
      // Every tab has its state back, and no tab refreshed on its own after that.
      for (const page of pages) await expect(new ShellChrome(page).tenantName).toHaveText('Acme Corp');
      expect(await successfulRefreshes()).toBe(1);
    });
  }
});

test.describe('auto refresh (one tab)', () => {
  // The leader, its runs and its grants are the page's (session/page/autoRefresh): the tests never
  // wait for the worker, which would only add its install and take the pages over at no fixed moment.
  test.use({ serviceWorkers: 'block' });
  test('3 tabs: one refresh per interval from one tab; another takes over when it closes', async ({ context, tabs, signedIn, platform }) => {
    await context.clock.install();
    // Listen before signing in: opening three tabs can take longer than the 3 s to the first run.
    const runs = autoRefreshRuns(context);
    const pages = await openSignedIn(tabs, signedIn, 3);
    // Simulated time moves the browser's clock and the platform's together (so tokens the platform
    // issues are not already expired for the browser), with jumps rather than runFor: stepping fake
    // time through an in-flight request would fire its timeout. Each run is awaited through the
    // leader's own log line, written after it has scheduled the next one.
    // The member keeps working (a pointer move before each step), so the idle timeout never comes.
    let advancedMs = 0;
    const advance = async (ms: number) => {
      const open = pages.find((p) => !p.isClosed())!;
      await open.mouse.move(10 + (advancedMs % 200), 10);
      advancedMs += ms;
      await platform.clock(Math.round(advancedMs / 1000));
      await context.clock.fastForward(ms);
    };
    await advance(3000); // first run after 3 s: the sign-in's tokens are fresh, no grant
    await expect.poll(() => runs.length).toBe(1);
    expect(runs[0]).toMatchObject({ outcome: 'reused' });
    for (let interval = 2; interval <= 5; interval += 1) {
      await advance(240_000);
      await expect.poll(() => runs.length).toBe(interval);
    }
    expect(runs.slice(1).every((r) => r.outcome === 'refreshed')).toBe(true);
    expect(new Set(runs.map((r) => r.tab)).size).toBe(1);
    expect(await countRefreshes(platform)).toBe(4);
    const leaderId = runs[0]!.tab;
    expect(await pages[0]!.evaluate(() => localStorage.getItem('trust-shell.autoRefreshId'))).toBe(leaderId);

    const ids = await Promise.all(pages.map((p) => p.evaluate(() => sessionStorage.getItem('trust-shell.tabId'))));
    await pages[ids.indexOf(leaderId)]!.close();
    // The successor's first run (3 s after taking over) finds the refresh just made and keeps the
    // cadence; its next run refreshes within one interval of the last refresh.
    await advance(3000);
    await expect.poll(() => runs.length).toBe(6);
    expect(runs[5]).toMatchObject({ outcome: 'reused' });
    await advance(240_000 - 3000);
    await expect.poll(() => runs.length).toBe(7);
    const successor = runs[6]!;
    expect(successor.outcome).toBe('refreshed');
    expect(successor.tab).not.toBe(leaderId);
    expect(ids).toContain(successor.tab);
    expect(await countRefreshes(platform)).toBe(5);
  });

  test('right after signing in, the first run (3 s on) comes from one of 3 tabs and sends no grant: the tokens are fresh', async ({ context, tabs, signIn, platform }) => {
    await context.clock.install();
    const runs = autoRefreshRuns(context);
    await openSignedIn(tabs, signIn, 3);
    await context.clock.fastForward(3000);
    await expect.poll(() => outcomes(runs)).toEqual(['reused']);
    // Until the interval is due, no tab runs again and nothing is sent.
    await context.clock.fastForward(60_000);
    expect(runs).toHaveLength(1);
    expect(await countRefreshes(platform)).toBe(0);
  });
});

/**
 * A plain fetch of `permissions` from `page`, which its service worker runs through the pipeline
 * (the worker keeps the session in memory between calls); the platform's record of it.
 */
async function probeThroughWorker(page: Page, platform: { log(filter?: { path?: string }): Promise<LoggedRequest[]> }, probe: string): Promise<LoggedRequest> {
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.evaluate((p) => fetch(`/api/access/v1/permissions?probe=${p}`).then((r) => r.status), probe);
  const [call] = (await platform.log({ path: '/api/access/v1/permissions' })).filter((r) => r.query.probe === probe);
  expect(call).toBeDefined();
  return call!;
}

test.describe('one session across tabs', () => {
  test('a logoff posted by a script while the session lives changes nothing in any tab', async ({ tabs, signedIn, platform }) => {
    const [a, b] = await openSignedIn(tabs, signedIn, 2);
    await new ShellChrome(b!).expectSignedInAs('Ada Admin');
    const storedAuth = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open('trust-shell');
            open.onsuccess = () => {
              const get = open.result.transaction('kv').objectStore('kv').get('auth');
              get.onsuccess = () => resolve(get.result ?? null);
            };
          }),
      );
    // Any same-origin script (a business screen, the analytics agent) can post on the channel.
    await a!.evaluate(() => {
      const channel = new BroadcastChannel('trust-shell.session');
      channel.postMessage({ type: 'logoff', redirect: '/auth' });
      channel.close();
    });
    // Both tabs heard it (the channel delivers to every other object); neither follows it, and the
    // session stays stored (a tab that followed would have cleared it before leaving).
    expect(await storedAuth(b!)).not.toBeNull();
    for (const page of [a!, b!]) {
      await expect(page).toHaveURL(/\/mfe-host$/);
      await new ShellChrome(page).expectSignedInAs('Ada Admin');
    }
    await b!.reload();
    await new ShellChrome(b!).expectSignedInAs('Ada Admin');
    expect(await platform.log({ path: '/api/access/v1/auth/logout' })).toEqual([]);
  });

  test('signing out in one tab signs every tab out', async ({ tabs, signedIn, platform }) => {
    const [a, b] = await openSignedIn(tabs, signedIn, 2);
    await new ShellChrome(b!).expectSignedInAs('Ada Admin');
    await waitForServiceWorker(b!);
    // The worker's call from tab B carries the bearer: it now holds the session in memory.
    expect((await probeThroughWorker(b!, platform, 'before')).headers.authorization).toMatch(memberCredential());
    await new ShellChrome(a!).signOut();
    await expect(a!).toHaveURL(/\/auth$/);
    await expect(b!).toHaveURL(/\/auth$/);
    await expect(new SignInPage(b!).email).toBeVisible();
    // One sign-out reached the platform, from the tab where the member signed out.
    expect((await platform.log({ path: '/api/access/v1/auth/logout', method: 'POST' })).length).toBe(1);
    // The worker's next call knows the session is gone: no bearer from its memory.
    const after = await probeThroughWorker(b!, platform, 'after');
    expect(after.headers.authorization).toBeUndefined();
    expect(after.status).toBe(401);
  });

  test('a tenant switch in tab A takes tab B off the old tenant', async ({ tabs, signedIn, platform, request }) => {
    const europe = await tenantIdByName(request, platform, 'Acme Europe');
    const [a, b] = await openSignedIn(tabs, signedIn, 2);
    await expect(new ShellChrome(b!).tenantName).toHaveText('Acme Corp');
    await waitForServiceWorker(b!);
    const before = await probeThroughWorker(b!, platform, 'before');
    expect(before.path).toBe('/api/access/v1/permissions');
    expect(tokenClaims<{ tenantGuid?: string }>(before.headers.authorization).tenantGuid).not.toBe(europe);
    const left = b!.waitForURL(/\/landing|\/mfe-host/, { waitUntil: 'commit', timeout: 10_000 });
    await a!.goto(`/mfe-host?context=${europe}&contextVersion=2`);
    await left;
    await expect(new ShellChrome(a!).tenantName).toHaveText('Acme Europe');
    await expect(new ShellChrome(b!).tenantName).toHaveText('Acme Europe');
    // Acme Europe is served under its own prefix: tab B now calls /eu-acme/api/...
    const bCalls = (await platform.log()).filter((r) => r.path.startsWith('/eu-acme/api/'));
    expect(bCalls.length).toBeGreaterThan(0);
    expect(new URL(a!.url()).search).toBe('');
    // The worker (which kept the old tenant's session in memory) sends the new tenant's bearer and prefix.
    const after = await probeThroughWorker(b!, platform, 'after');
    expect(after.path).toBe('/eu-acme/api/access/v1/permissions');
    expect(tokenClaims<{ tenantGuid?: string }>(after.headers.authorization).tenantGuid).toBe(europe);
  });
});

test.describe('a context in the address', () => {
  // The context is resolved, asked about and switched by the page; a worker that installs at no
  // fixed moment of the test would only add its install.
  test.use({ serviceWorkers: 'block' });

  test('an unresolvable context is ignored; a version-1 context for another tenant asks: Cancel stays, Continue switches', async ({ page, signedIn, platform, request }) => {
    await test.step('a context the platform cannot resolve is ignored and the app carries on', async () => {
      await signedIn(page, 'admin@acme.test', '/mfe-host?context=no-such-context&contextVersion=1');
      await expect(page).toHaveURL(/\/mfe-host$/);
      await expect(new ShellChrome(page).tenantName).toHaveText('Acme Corp');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      expect(switchGrants(await platform.log({ path: tokenPath }))).toHaveLength(0);
    });

    await test.step('a version-1 context for another tenant asks first: Cancel stays, Continue switches', async () => {
      const europe = await tenantIdByName(request, platform, 'Acme Europe');
      await page.goto(`/mfe-host?context=${europe}&contextVersion=1`);
      const dialog = new Dialog(page, en.TenantContextChangeTitle!, 'alertdialog');
      await dialog.expectOpen();
      await expect(page).toHaveURL(/\/mfe-host$/); // both parameters removed from the address bar
      await dialog.choose(en.Cancel!);
      await dialog.expectClosed();
      await expect(new ShellChrome(page).tenantName).toHaveText('Acme Corp');
      expect(switchGrants(await platform.log({ path: tokenPath }))).toHaveLength(0);

      await page.goto(`/mfe-host?context=${europe}&contextVersion=1`);
      await dialog.choose(en.Continue!);
      await expect(new ShellChrome(page).tenantName).toHaveText('Acme Europe');
      const [switchGrant] = switchGrants(await platform.log({ path: tokenPath }));
      expect(switchGrant?.body).toMatchObject({ context: europe, contextVersion: '1' });
    });
  });
});

test.describe('offline', () => {
  test('offline with an access token that expired meanwhile, the shell still opens with the last known state', async ({ context, page, signedIn, platform }) => {
    // A 30 s access token, so it expires before the idle timeout (300 s) would sign the member out.
    await platform.lifetimes({ accessTtlSeconds: 30 });
    await context.clock.install();
    const runs = autoRefreshRuns(context);
    await signedIn(page, 'admin@acme.test');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    // 45 s pass for the page and the platform alike: the access token is now expired for both.
    // The service worker keeps the real time (Playwright's clock does not reach workers), so from
    // here on it is 45 s behind the page. That must stay under the auto refresh's "refreshed
    // recently" (120 s): whichever context refreshes on the return online, the auto refresh then
    // counts that refresh as recent. With two minutes, a refresh made by the worker looked 123 s
    // old to the page, and the auto refresh made a second grant (seen once on CI).
    await platform.clock(45);
    await context.clock.fastForward('00:45');
    runs.length = 0;
    await page.reload();
    await expect(page).toHaveURL(/\/mfe-host$/);
    // The last known member and tenant (kept in IndexedDB), not just the token's email.
    await new ShellChrome(page).expectSignedInAs('Ada Admin');
    await expect(new ShellChrome(page).tenantName).toHaveText('Acme Corp');
    // …and the organisation tree kept with it (the picker names the current organisation).
    await expect(page.getByRole('button', { name: new RegExp(`^${en.Organisation}\\s`) })).toContainText('Acme Corp');
    await expect(new ShellChrome(page).offline).toBeVisible();

    // The refresh on the return online gets a token that outlasts the rest of the test.
    await platform.lifetimes({ accessTtlSeconds: 900 });
    await platform.clearLog();
    await context.setOffline(false);
    await expect(new ShellChrome(page).offline).toHaveCount(0);
    await expect(new ShellChrome(page).tenantName).toHaveText('Acme Corp');
    // The last known state shows at once; the refresh it needed follows (once).
    const grants = async () => refreshGrants(await platform.log({ path: tokenPath })).filter((r) => r.status === 200).length;
    await expect.poll(grants).toBe(1);
    // The auto refresh runs 3 s after the start (usually still offline), and again 3 s after the
    // member comes back to the window. A run after the return online counts that refresh as
    // recent, whichever context made it, and reuses its token: still one grant.
    await context.clock.fastForward(3000);
    await expect.poll(() => runs.length).toBeGreaterThan(0);
    runs.length = 0;
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await context.clock.fastForward(3000);
    // A run of the first fast-forward may still be finishing after the reset above (seen once with
    // one worker): it reuses the token too. Every run reuses it, and there was one grant.
    await expect.poll(() => outcomes(runs)).toContain('reused');
    expect(outcomes(runs).filter((outcome) => outcome !== 'reused')).toEqual([]);
    expect(await grants()).toBe(1);
  });
});
