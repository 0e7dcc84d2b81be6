import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { finishedStarting, waitForServiceWorker } from './support/waits.ts';
import { recordAttempts } from './support/hardening.ts';
import { ShellChrome } from './support/pages.ts';
import type { LoggedRequest, PlatformControl } from './support/platform.ts';
import { expireAccessTokens, refreshGrants } from './support/session.ts';
import { memberCredential, proofVerdict } from './support/credentials.ts';

/**
 * Item 2, the fault suite: the shell under a failing token endpoint in five tabs, a
 * network that flaps while the shell starts, and a service worker stopped mid-session. Each test
 * asserts what the member sees and what the platform received (the emulator's request log).
 */

const tokenPath = '/api/access/v1/oauth/token';
const workScreen = '/mfe-host/home?calls=2';
const runCalls = 'Run 2 calls';

/**
 * What a member can do nothing about: an alert (error toast, error panel, start-up error), a dialog
 * forced on them (the timeout warning must not open while they work), or the not-found page. The
 * offline status (role=status) is information that clears itself and is allowed.
 */
async function expectNoDeadEnd(page: Page, when: string): Promise<void> {
  const read = () => page.evaluate(() => ({
    // An alert that offers a way forward (a button: Reload, Try again) is not a dead end.
    alerts: Array.from(document.querySelectorAll('[role="alert"]'))
      .filter((e) => !e.querySelector('button:not(.toast__close)'))
      .map((e) => e.textContent ?? ''),
    dialogs: document.querySelectorAll('[role="alertdialog"], dialog[open]').length,
    heading: document.querySelector('h1')?.textContent ?? '',
    path: location.pathname,
  }));
  let seen: Awaited<ReturnType<typeof read>> | null = null;
  for (let attempt = 0; seen === null; attempt += 1) {
    try {
      seen = await read();
    } catch (error) {
      // The tab is on its way elsewhere (following a sign-out to /auth): judge the page it arrives on.
      if (attempt >= 3 || !String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState();
    }
  }
  expect(seen.alerts, `${when}: alerts`).toEqual([]);
  expect(seen.dialogs, `${when}: dialogs`).toBe(0);
  expect(seen.heading, `${when}: heading`).not.toBe(en.StartupError);
  expect(await page.getByText('Unexpected Application Error!').count(), `${when}: the router's own error screen`).toBe(0);
  expect(seen.path, `${when}: address`).not.toMatch(/^\/404/);
}

/**
 * The signed-in chrome is complete: member, tenant and organisation group, the organisation picker
 * and role (the shell renders no navigation menu of its own: /mfe-host is its navigation target),
 * and no offline status left behind.
 */
async function expectCompleteChrome(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/mfe-host/);
  await expect(page.getByTestId('user-name')).toHaveText('Ada Admin');
  await expect(page.getByTestId('tenant-name')).toHaveText('Acme Corp');
  await expect(page.getByRole('group', { name: en.Tenant })).toContainText('Acme Global');
  await expect(page.getByRole('button', { name: new RegExp(`^${en.Organisation}\\s`) })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: en.Offline! })).toHaveCount(0);
}

const isOnAuth = (page: Page) => new URL(page.url()).pathname.startsWith('/auth');

/**
 * Waits until `probe` gives a value or the tab has been sent to /auth (the session ended: one of
 * the two allowed outcomes), polling both rather than waiting a fixed time.
 */
async function settle<T>(page: Page, probe: () => Promise<T | null>, timeout = 30_000): Promise<T | 'signed-out'> {
  let result: T | 'signed-out' | null = null;
  await expect
    .poll(
      async () => {
        result = isOnAuth(page) ? 'signed-out' : await probe().catch(() => null);
        return result !== null;
      },
      { timeout, intervals: [100, 250] },
    )
    .toBe(true);
  return result!;
}

/** Clicks the example screen's button and returns the statuses its platform calls got. */
async function runScreenCalls(page: Page): Promise<number[] | 'signed-out'> {
  // The click is polled with the address too: a tab may be sent to /auth between two steps.
  const clicked = await settle(page, async () => {
    await page.getByRole('button', { name: runCalls }).click({ timeout: 1000 });
    return true;
  });
  if (clicked === 'signed-out') return clicked;
  const output = page.getByTestId('example-remote-statuses');
  // Bounded by the pipeline: a refresh attempt is 2 s here, and a few may fail before one succeeds.
  return settle(page, async () => {
    const text = await output.textContent({ timeout: 1000 });
    return text && /^\d{3}(,\d{3})*$/.test(text) ? text.split(',').map(Number) : null;
  });
}

/**
 * Whether a tab whose call came back 401 is following the end of the session to /auth: the call's
 * refresh found the session over and the tab is on its way. Polled, bounded: a tab that stays is a
 * step whose grants all failed, judged by the log.
 */
async function followsToAuth(page: Page): Promise<boolean> {
  return expect
    .poll(() => isOnAuth(page), { timeout: 10_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
}

/** Reloads a tab (a fresh start-up with all its calls) and waits for its business screen. */
async function reloadScreen(page: Page): Promise<'ready' | 'signed-out'> {
  await page.reload();
  return settle(page, async () => ((await page.getByRole('button', { name: runCalls }).isVisible()) ? 'ready' : null));
}

interface Presentation {
  seq: number;
  status: number;
  dropped: boolean;
  graceReplay: boolean;
}

/**
 * Refresh tokens presented after being spent. A presentation that failed before the grant ran (an
 * injected 503, a dropped connection, a proof refused) leaves the token unspent, so presenting it
 * again is the correct retry; one the platform answered again within its refresh grace
 * (`graceReplay`) is the correct recovery of a lost answer. Presenting it after a 200 otherwise, or
 * after it was refused, is reuse (the platform revokes the session for it: `reuse`).
 */
function refreshTokenReuse(log: LoggedRequest[]): { token: string; presentations: Presentation[] }[] {
  const byToken = new Map<string, Presentation[]>();
  const grants = refreshGrants(log).filter((g) => g.dpop !== 'invalid');
  for (const grant of grants) {
    const token = (grant.body as { refresh_token?: string }).refresh_token ?? '';
    const list = byToken.get(token) ?? [];
    list.push({ seq: grant.seq, status: grant.status, dropped: grant.dropped, graceReplay: grant.graceReplay });
    byToken.set(token, list);
  }
  const reused: { token: string; presentations: Presentation[] }[] = [];
  for (const [token, presentations] of byToken) {
    const redeemed = presentations.find((p) => p.status === 200);
    const refused = presentations.some((p) => p.status === 400 || p.status === 401);
    const afterRedeemed = redeemed ? presentations.filter((p) => p.seq > redeemed.seq && !p.graceReplay) : [];
    if (refused || afterRedeemed.length > 0) reused.push({ token: token.slice(-12), presentations });
  }
  if (grants.some((g) => g.reuse)) reused.push({ token: 'revoked by the platform for reuse', presentations: [] });
  return reused;
}

const succeeded = (status: number) => status >= 200 && status < 400;

/** Whether a refresh grant has been sent and not yet heard (the shell's `refreshInFlight` mark). */
function grantOnItsWay(page: Page): Promise<boolean> {
  return page
    .evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('trust-shell');
          open.onsuccess = () => {
            const get = open.result.transaction('kv').objectStore('kv').get('refreshInFlight');
            get.onsuccess = () => resolve(get.result !== undefined);
            get.onerror = () => resolve(true);
          };
          open.onerror = () => resolve(true);
        }),
    )
    .catch(() => true);
}

/** The pipeline asks again this many times after an unanswered refresh (pipeline/core/pipelineFetch). */
const unansweredRefreshRetries = 2;

/** The most grants in a row the token endpoint failed (not 200). */
function longestFailedRun(grants: LoggedRequest[]): number {
  let run = 0;
  let longest = 0;
  for (const grant of grants) {
    run = grant.status === 200 ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

const lastSeq = async (platform: PlatformControl) => Math.max(0, ...(await platform.log()).map((r) => r.seq));

/** Non-token calls that failed and were not followed by a success of the same call. */
function unrecoveredCalls(log: LoggedRequest[], fromSeq: number): string[] {
  const calls = log.filter((r) => r.seq > fromSeq && r.path.includes('/api/') && !r.path.endsWith('/oauth/token'));
  return calls
    .filter((r) => !succeeded(r.status))
    .filter((failed) => !calls.some((later) => later.seq > failed.seq && later.method === failed.method && later.path === failed.path && succeeded(later.status)))
    .map((r) => `${r.method} ${r.path} → ${r.status}`);
}

test.describe('token endpoint failing 30% of the time with 2 s latency', () => {
  test('5 tabs working for 20 simulated minutes: no dead-end error, no refresh token used twice, one clean outcome', async ({ context, tabs, signedIn, platform }) => {
    test.setTimeout(180_000); // 84 s on a loaded machine: twice that, as the config's bound
    /*
     * Time mapping. The browser runs on Playwright's clock, installed on the context so all five
     * tabs share it (it also flows with real time), and the emulator on its clock offset; each step
     * jumps both by 120 s, so a token the platform issues is neither fresh for one and expired for
     * the other. 20 simulated minutes are 10 steps of 2 minutes (plus the real seconds the run
     * takes). Access tokens live 120 s instead of the production 900 s (÷ 7.5): every step ends an
     * access lifetime (401s, then one refresh through the faulty endpoint), as 2.5 hours of
     * production use would, and the auto refresh (every 240 s, one tab) runs at every other step.
     * The refresh token keeps its production 8 h, so the idle window stays the app's 300 s (SPEC §9);
     * the member moves the pointer in one tab before each jump (activity is shared by all tabs), so
     * the timeout warning never legitimately opens: any dialog is a failure.
     */
    await platform.lifetimes({ accessTtlSeconds: 120 });
    await context.clock.install();
    const pages = await tabs(5);
    // Tab 1 arrives signed in on the business screen; the others open it in the same session.
    await signedIn(pages[0]!, 'admin@acme.test', workScreen);
    await Promise.all(pages.slice(1).map((page) => page.goto(workScreen)));
    for (const page of pages) await expect(page.getByRole('button', { name: runCalls })).toBeVisible();
    // Every start-up call answered before the first jump (see the reload below).
    for (const page of pages) await finishedStarting(page);

    // A slow token endpoint (every call takes 2 s) that fails 30% of its calls with a 503, before
    // the grant runs (so a failed call never spends the token). The emulator's PRNG is seeded: the
    // k-th token call fails or not in every run alike, whatever the timing.
    await platform.fault({ path: tokenPath, latencyMs: 2000 });
    await platform.fault({ path: tokenPath, probability: 0.3, status: 503 });
    recordAttempts('fault', ['token endpoint 2 s latency', 'token endpoint 503 30% of calls']);

    const statuses: string[] = [];
    const steps: { minute: number; from: number; to: number }[] = [];
    let offsetSeconds = 0;
    let firstStepSeq = 0;
    let endedAtMinute: number | null = null;
    for (let step = 1; step <= 10; step += 1) {
      const minute = step * 2;
      const active = pages[step % pages.length]!;
      await active.mouse.move(20 + step * 5, 20); // the member's activity, shared by every tab
      // Two things end the session by design, each covered by its own test below; here the
      // endpoint's faults are judged, so the steps keep clear of both:
      // - A reload kills a grant its tab has on its way (the refresh token it presented may have
      //   been redeemed). After the jump a tab may be sending one at any moment (its expired
      //   token's first call, a timer due at the jump), so at every third step one tab reloads (a
      //   fresh start-up with all its calls) before the jump, and its start-up ends before it.
      // - The machine sleeps past a grant's time limit: a grant or a call on its way at the jump
      //   (the platform's clock moves first) is given up. The jump waits for no grant on its way
      //   (the shell marks one in IndexedDB until it has heard the answer).
      if (step % 3 === 0) {
        await reloadScreen(active);
        await finishedStarting(active);
      }
      await expect.poll(() => grantOnItsWay(pages[0]!), { message: 'a grant on its way' }).toBe(false);
      const from = await lastSeq(platform); // this step's grants, the jump's own included, come after
      offsetSeconds += 120;
      await platform.clock(offsetSeconds);
      await context.clock.fastForward(120_000);
      // The work: every tab makes calls from the business screen.
      const outcomes = await Promise.all(
        pages.map(async (page) => {
          const got = await runScreenCalls(page);
          if (got !== 'signed-out' && got.includes(401) && (await followsToAuth(page))) return 'signed-out';
          if (got !== 'signed-out') statuses.push(...got.map((status) => `${status} (minute ${minute})`));
          return got === 'signed-out' ? got : 'ready';
        }),
      );
      steps.push({ minute, from, to: await lastSeq(platform) });
      for (const [i, page] of pages.entries()) await expectNoDeadEnd(page, `minute ${minute}, tab ${i + 1}`);
      // The first step's calls may still meet the sign-in's own set-up; every later call is judged.
      if (step === 1) firstStepSeq = Math.max(0, ...(await platform.log()).map((r) => r.seq));
      if (outcomes.includes('signed-out')) {
        endedAtMinute = minute;
        // The session ended: every tab must follow to /auth (and stay there) within moments.
        for (const page of pages) await expect(page).toHaveURL(/\/auth$/);
        break;
      }
    }

    // The outcome: every tab signed in and working, or every tab back on /auth; nothing in between.
    const onAuth = pages.map(isOnAuth);
    if (onAuth.every(Boolean)) {
      for (const page of pages) await expect(page.getByRole('heading', { name: en.SignIn })).toBeVisible();
    } else {
      expect(onAuth.some(Boolean), 'some tabs signed out, others not').toBe(false);
      for (const page of pages) {
        await expectCompleteChrome(page);
        expect(await runScreenCalls(page)).toEqual([200, 200]);
      }
    }

    const log = await platform.log();
    const grants = refreshGrants(log.filter((r) => r.path === tokenPath));
    // Whatever the outcome, no refresh token was ever presented after it was spent.
    expect.soft(refreshTokenReuse(log), 'refresh tokens presented after being redeemed or refused').toEqual([]);
    if (!onAuth.every(Boolean)) {
      // The session went on: the faults did happen, it was refreshed many times through them, and
      // every call after the first step that failed (the 401s of an expired token) was retried.
      expect.soft(grants.filter((g) => g.status === 503).length, 'refreshes failed by the fault').toBeGreaterThanOrEqual(2);
      expect.soft(grants.filter((g) => g.status === 200).length, 'successful refreshes').toBeGreaterThanOrEqual(8);
      expect.soft(unrecoveredCalls(log, firstStepSeq), 'calls that failed and were never retried successfully').toEqual([]);
    }
    // What the member's screens got: every call answered 200, after a retry when it needed one.
    // A session that ended gave the calls of that step their 401 (SPEC §8: a refused refresh logs off).
    // A call also gets its 401 when the token endpoint failed three grants in a row (the first try
    // and the pipeline's two bounded retries): which grants the seeded faults hit depends on how
    // many grants the tabs' timing made before, so that step is judged by its log, not by chance.
    const exhausted = new Set(
      steps
        .filter(({ from, to }) => longestFailedRun(grants.filter((g) => g.seq > from && g.seq <= to)) >= 1 + unansweredRefreshRetries)
        .map(({ minute }) => `401 (minute ${minute})`),
    );
    const expected = (s: string) => s.startsWith('200 ') || exhausted.has(s) || (endedAtMinute !== null && s === `401 (minute ${endedAtMinute})`);
    expect.soft(statuses.filter((s) => !expected(s)), 'statuses other than 200 on the screens').toEqual([]);
  });
});

test('a grant given up at its time limit (machine slept) while the platform still redeems it is never presented again', async ({ page, signedIn, platform }) => {
  recordAttempts('fault', ['token grant given up at its time limit while held']);
  await page.clock.install();
  await signedIn(page, 'admin@acme.test', workScreen);
  await expect(page.getByRole('button', { name: runCalls })).toBeVisible();
  await finishedStarting(page);
  // The grant is held on its way, so the clock jump below lands while it is out.
  const [held] = await expireAccessTokens(platform, { path: tokenPath, hold: true });
  await page.getByRole('button', { name: runCalls }).click();
  const grantStatuses = async () => refreshGrants(await platform.log({ path: tokenPath })).map((g) => g.status);
  await expect.poll(grantStatuses).toEqual([0]);
  // The machine sleeps past the grant's 60 s limit: the browser gives it up, the platform does not.
  await page.clock.fastForward(61_000);
  // What the tab does next: sign out, or present a token again (held too).
  await expect.poll(async () => isOnAuth(page) || (await grantStatuses()).length > 1).toBe(true);
  await platform.removeFault(held.id);
  await expect.poll(async () => (await grantStatuses()).includes(0)).toBe(false);
  expect(refreshTokenReuse(await platform.log()), 'refresh tokens presented after being redeemed').toEqual([]);
  expect(await grantStatuses()).toEqual([200]);
  // Its fate unknown, the token cannot be used again: the session ends cleanly.
  await expect(page).toHaveURL(/\/auth$/);
  await expectNoDeadEnd(page, 'after the sign-out');
});

/** The network goes off and on 50 times, at uneven short intervals, then stays on. */
async function flapNetwork(context: BrowserContext): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    await context.setOffline(i % 2 === 0);
    // 0–35 ms between toggles (a fixed pattern), so the flaps spread over the whole start-up.
    await new Promise((resolve) => setTimeout(resolve, (i * 7) % 36));
  }
  await context.setOffline(false);
}

for (const mode of ['service worker', 'in page'] as const) {
  test.describe(`network toggled off and on 50 times during start-up (${mode})`, () => {
    test.use({ serviceWorkers: mode === 'service worker' ? 'allow' : 'block' });

    test('network flapping 50 times while a signed-in page starts: the shell settles signed in and complete', async ({ context, page, signedIn, platform }) => {
      recordAttempts('fault', [`network toggled 50 times during start-up (${mode})`]);
      await signedIn(page, 'admin@acme.test');
      if (mode === 'service worker') await waitForServiceWorker(page);
      await expect(page.getByTestId('tenant-name')).toHaveText('Acme Corp');
      await platform.clearLog();

      // A fresh load of the member's page, the network flapping while it starts. With the worker,
      // from the moment the document arrives (the worker serves every file from its precache).
      // In the page, from the moment its entry scripts have run: before that no code of the shell
      // exists to do anything, and a failed entry script is the browser's blank page, mended only
      // by a worker. From there on, lazy pages, configuration, translations and platform calls meet it.
      await page.goto('/mfe-host', { waitUntil: mode === 'service worker' ? 'commit' : 'domcontentloaded' });
      await flapNetwork(context);

      await expectCompleteChrome(page);
      await expectNoDeadEnd(page, 'after the flapping');
      // What the platform saw: the state arrived (init answered), with no storm of repeats, and the
      // session was never lost or refreshed more than the auto refresh's one run.
      // The chrome may already stand on the last known state while the state load after the last
      // return of the network is still on its way: wait for the platform to have answered it.
      const answeredInits = async () => (await platform.log({ path: '/api/global-state/v1/init' })).filter((r) => r.status === 200).length;
      await expect.poll(answeredInits, { message: 'init answered', timeout: 20_000 }).toBeGreaterThanOrEqual(1);
      const log = await platform.log();
      const inits = log.filter((r) => r.path === '/api/global-state/v1/init');
      // No state load per return of the network (25 returns): the start-up's own, one once the
      // network has stayed on for a moment, and at most one recovery poll (every 5 s) beside them.
      expect(inits.length, 'init calls').toBeLessThanOrEqual(3);
      expect(log.filter((r) => r.status === 401).length, 'calls refused for their token').toBe(0);
      expect(refreshGrants(log.filter((r) => r.path === tokenPath)).length, 'refreshes').toBeLessThanOrEqual(1);
      test.info().annotations.push({ type: 'calls', description: `${log.length} platform calls, ${inits.length} init` });
    });
  });
}

test.describe('service worker stopped mid-session', () => {
  test.use({ serviceWorkers: 'allow' });

  /** The running status of every service-worker version, as DevTools sees it. */
  async function watchWorkers(cdp: CDPSession): Promise<() => string[]> {
    const status = new Map<string, string>();
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) status.set(v.versionId, v.runningStatus);
    });
    await cdp.send('ServiceWorker.enable');
    return () => [...status.values()];
  }

  test('the worker stopped and restarted without memory: the next calls carry the bearer and succeed, also via a refresh', async ({ context, page, signedIn, platform }) => {
    recordAttempts('fault', ['service worker stopped mid-session', 'service worker stopped with an expired access token']);
    await signedIn(page, 'admin@acme.test');
    await waitForServiceWorker(page);
    await expect(new ShellChrome(page).memberName).not.toBeEmpty();
    const cdp = await context.newCDPSession(page);
    const workers = await watchWorkers(cdp);
    await expect.poll(workers).toContain('running');

    const stopAndCall = async () => {
      await cdp.send('ServiceWorker.stopAllWorkers');
      await expect.poll(workers).toEqual(['stopped']);
      await platform.clearLog();
      // A screen's own fetch of a platform path: the worker runs it through its pipeline (the
      // shell's own non-cacheable reads skip the worker, see pipeline.spec). Three different
      // questions: identical reads in flight would be one call (shared-reads.spec).
      const statuses = await page.evaluate(() => Promise.all([1, 2, 3].map((n) => fetch(`/api/access/v1/permissions?call=${n}`).then((r) => r.status))));
      expect(statuses).toEqual([200, 200, 200]);
      // The calls woke the worker (it answered them), so it read the token again from IndexedDB.
      expect(workers()).toContain('running');
      return platform.log({ path: '/api/access/v1/permissions' });
    };

    // 1. Stopped with a valid token: every call carries the member's bearer at once.
    const calls = await stopAndCall();
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call.headers.authorization).toMatch(memberCredential());
      expect(call.status).toBe(200);
    }

    // 2. Stopped while the access token expired: the woken worker refreshes once and retries.
    await platform.clock(1000);
    const retried = await stopAndCall();
    // Every call carries a bearer and ends answered: after one refresh, whether the woken worker
    // met a 401 first or the page had already refreshed (on a loaded machine either comes first).
    // (The platform's clock moved on, so a proof the woken worker dated by its own clock may be
    // refused once as stale and made again on the platform's time: only the answered calls count.)
    for (const call of retried) expect(call.headers.authorization).toMatch(memberCredential());
    expect(retried.filter((c) => c.status === 401 && c.dpop !== 'invalid').length).toBeLessThanOrEqual(3);
    expect(retried.filter((c) => c.status === 200).map((c) => c.dpop)).toEqual([proofVerdict(), proofVerdict(), proofVerdict()]);
    const grants = refreshGrants(await platform.log({ path: tokenPath }));
    expect(grants.map((g) => g.status)).toEqual([200]);
  });
});

for (const mode of ['in page', 'service worker'] as const) {
  test.describe(`a tab reloaded while its refresh is in flight (${mode})`, () => {
    test.use({ serviceWorkers: mode === 'service worker' ? 'allow' : 'block' });

    test('reload mid-refresh on a slow token endpoint: the token is sent again only within the grace; the session goes on', async ({ tabs, signedIn, platform }) => {
      recordAttempts('fault', [`tab reloaded mid-refresh (${mode})`]);
      const [a, b] = await tabs(2);
      await signedIn(a!, 'admin@acme.test', workScreen);
      await b!.goto(workScreen);
      for (const page of [a!, b!]) {
        if (mode === 'service worker') await waitForServiceWorker(page);
        await expect(page.getByRole('button', { name: runCalls })).toBeVisible();
      }
      for (const page of [a!, b!]) await finishedStarting(page);
      // The grant is held on its way (no latency to race on a loaded machine) until the tab has reloaded.
      const [held] = await expireAccessTokens(platform, { path: tokenPath, hold: true });

      // Tab A's calls are refused, its refresh is sent; the tab reloads while the platform works on it.
      await a!.getByRole('button', { name: runCalls }).click();
      const pendingGrant = async () => refreshGrants(await platform.log({ path: tokenPath })).filter((g) => g.status === 0).length;
      await expect.poll(pendingGrant).toBe(1);
      await a!.reload({ waitUntil: 'commit' });
      await platform.removeFault(held.id);
      // The platform redeemed it all the same (the answer went nowhere, or to the worker).
      await expect.poll(async () => refreshGrants(await platform.log({ path: tokenPath })).some((g) => g.status === 200)).toBe(true);

      // Whoever made the grant: the worker stored its answer, or the answer died with the page and
      // the next holder of the refresh lock presented the token again within the platform's grace
      // and was answered the same (contract "Refresh grace"). No tab signs out.
      expect(await runScreenCalls(b!)).toEqual([200, 200]);
      await expectCompleteChrome(a!);
      const log = await platform.log();
      expect(refreshTokenReuse(log), 'refresh tokens presented after being redeemed').toEqual([]);
      const answered = refreshGrants(log).filter((g) => g.status === 200);
      expect(answered.filter((g) => !g.graceReplay)).toHaveLength(1);
      expect(answered.filter((g) => g.graceReplay).length).toBeLessThanOrEqual(1);
    });
  });
}

test.describe('a refresh answered after its caller stopped waiting', () => {
  test('the clock passes the 20 s limit mid-grant: the late answer is kept, the token presented once, the session goes on', async ({ page, signedIn, platform }) => {
    recordAttempts('fault', ['refresh answered after the 20 s limit (clock jumped past it)']);
    await page.clock.install();
    await signedIn(page, 'admin@acme.test', workScreen);
    await expect(page.getByRole('button', { name: runCalls })).toBeVisible();
    await finishedStarting(page);
    await expireAccessTokens(platform, { path: tokenPath, latencyMs: 3000 });

    await page.getByRole('button', { name: runCalls }).click();
    const grants = async () => refreshGrants(await platform.log({ path: tokenPath })).map((g) => g.status);
    await expect.poll(grants).toEqual([0]);
    // The tab's clock passes the token call's 20 s while the platform is still working on it.
    await page.clock.fastForward(25_000);
    await expect.poll(grants).toEqual([200]);

    // The screen's calls went through with the late tokens (or, had the tab asked again, would have).
    const outcome = await runScreenCalls(page);
    expect(outcome).toEqual([200, 200]);
    const log = await platform.log();
    expect(refreshTokenReuse(log), 'refresh tokens presented after being redeemed').toEqual([]);
    expect(await grants()).toEqual([200]);
    await expectCompleteChrome(page);
    await expectNoDeadEnd(page, 'after the late answer');
  });
});

test.describe('a start-up that fell back to the last known state', () => {
  test('init lost while the other calls answered: the state loads again once the platform answers, though never offline', async ({ page, signedIn, platform }) => {
    recordAttempts('fault', ['init unanswered (503) at start-up while the calls around it answer']);
    await signedIn(page, 'admin@acme.test');
    await expect(page.getByTestId('tenant-name')).toHaveText('Acme Corp');
    // The next start: init's gateway fails (the shell shows the last known state), a call of the
    // page's own fails likewise, and the calls after it answer, so "unreachable" is followed by
    // "reachable" long before any recovery poll is due, as when the network flaps during start-up.
    await platform.fault({ path: '/api/global-state/v1/init', method: 'GET', status: 503, times: 1 });
    await platform.fault({ path: '/api/access/v1/tenants/current/subscriptions', method: 'GET', status: 503, times: 1 });
    await platform.clearLog();
    await page.reload();
    await expectCompleteChrome(page);
    // The member sees the last known state first; the shell must not stay on it.
    const inits = async () => (await platform.log({ path: '/api/global-state/v1/init', method: 'GET' })).map((r) => r.status);
    await expect.poll(inits, { timeout: 20_000 }).toEqual([503, 200]);
    await expectNoDeadEnd(page, 'after the state loaded again');
  });
});
