import type { BrowserContext, Page, Route } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { tokenClaims } from './support/credentials.ts';
import { finishedStarting, waitForServiceWorker } from './support/waits.ts';
import { arriveSignedIn } from './support/signIn.ts';
import { ShellChrome } from './support/pages.ts';
import type { LoggedRequest, PlatformControl } from './support/platform.ts';

// One network for N tabs is the service worker's (pipeline/core/sharedReads, src/pipeline/worker/apiRoutes).
test.use({ serviceWorkers: 'allow' });

const init = '/api/global-state/v1/init';

/** What a signed-in start of admin@acme.test reads (the request log of a reload). */
const startupReads = [
  init,
  '/api/globalization/v1/languages',
  '/api/content/v1/attributes/auth',
  '/api/access/v1/users/current/legacy',
  '/api/access/v1/access-levels/current',
  '/api/v1/private/orggroupuser/get',
  '/api/atlas/v1/navigation/configuration',
  '/api/content/v1/info/version',
  '/api/global-state/v1/no-auth-init',
  '/api/access/v1/tool-settings/user-preferences',
  '/api/atlas/v1/theme',
  '/api/access/v1/tenants/current/subscriptions',
  '/api/alert/v1/alerts/banner/immediate?languageCode=en-us',
  '/api/globalization/v2/translations/tenant/en-us',
  '/api/access/v1/users/current/tenants',
  '/api/branding/v1/branding?isWorkspaceNavigation=true',
];

/** How often a tab asked each GET platform path (and query), as its page and its workers sent them. */
function recordReads(page: Page, onAsk: () => void): Map<string, number> {
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const read = `${url.pathname}${url.search}`;
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/')) return;
    asked.set(read, (asked.get(read) ?? 0) + 1);
    onAsk();
  });
  return asked;
}

/** GET calls the platform received, per path and query. */
async function readsReceived(platform: PlatformControl): Promise<Map<string, LoggedRequest[]>> {
  const byRead = new Map<string, LoggedRequest[]>();
  for (const call of await platform.log({ method: 'GET', path: '/api/' })) {
    const query = new URLSearchParams(call.query).toString();
    const read = `${call.path}${query ? `?${query}` : ''}`;
    byRead.set(read, [...(byRead.get(read) ?? []), call]);
  }
  return byRead;
}

/** The claims of the bearer a logged call carried. */
function bearerClaims(call: Pick<LoggedRequest, 'headers'> | undefined): { guid: string; tenantGuid: string } {
  return tokenClaims<{ guid: string; tenantGuid: string }>(call?.headers.authorization);
}

/**
 * "Together", whatever each tab's speed: the service worker's n-th call of a read leaves for the
 * platform once every tab has asked that read n times (`askedBy`), so each tab's ask finds it on its
 * way. The browser does not report to the test every call a page makes through its service worker,
 * so a call also leaves `heldMs` after it was held, before the worker would answer a cacheable read
 * from its cache (3 s, pipeline/core/apiCache); a tab asking after that finds the answer kept.
 * (The emulator's `hold` fault would keep each held call's connection, and the browser opens six
 * per host: a start's dozen reads would queue in the browser instead. Held here, before any
 * connection, they are all in flight in the worker.) What reached the platform is read from its log.
 */
async function untilEveryTabAsked(context: BrowserContext, askedBy: (read: string, nth: number) => boolean, heldMs = 1_000) {
  const waiting: { read: string; nth: number; route: Route; at: number }[] = [];
  const sent = new Map<string, number>();
  let lastAsk = Date.now();
  const release = (all: boolean) => {
    for (const call of [...waiting]) {
      if (!all && !askedBy(call.read, call.nth) && Date.now() - call.at < heldMs) continue;
      waiting.splice(waiting.indexOf(call), 1);
      void call.route.continue().catch(() => undefined);
    }
  };
  const timer = setInterval(() => release(false), 100);
  await context.route('**/api/**', (route) => {
    const url = new URL(route.request().url());
    if (route.request().method() !== 'GET' || !route.request().serviceWorker()) return void route.continue();
    const read = `${url.pathname}${url.search}`;
    const nth = (sent.get(read) ?? 0) + 1;
    sent.set(read, nth);
    lastAsk = Date.now();
    waiting.push({ read, nth, route, at: lastAsk });
    release(false);
  });
  return {
    /** Nothing held, and no tab has asked anything for a while. */
    settled: () => waiting.length === 0 && Date.now() - lastAsk >= 1_500,
    /** A tab asked something. */
    asked: () => {
      lastAsk = Date.now();
      release(false);
    },
    stop: async () => {
      clearInterval(timer);
      await context.unroute('**/api/**');
      release(true);
    },
  };
}

const everyTab = (asked: Map<string, number>[], read: string, times = 1) => asked.every((tab) => (tab.get(read) ?? 0) >= times);

test('a write from two tabs is sent twice; five tabs reloaded together ask the platform each start-up read once', async ({ page, context, tabs, signedIn, platform }) => {
  await signedIn(page, 'admin@acme.test');
  await waitForServiceWorker(page);
  const pages = [page, ...(await tabs(4))];
  for (const tab of pages.slice(1)) await tab.goto('/mfe-host');
  for (const tab of pages) {
    await waitForServiceWorker(tab);
    await expect(new ShellChrome(tab).memberName).not.toBeEmpty();
    // A warm start shows the member before its state calls: a read answered after the write below
    // would be kept (for the start-up window) and answer that read at the reload instead of the platform.
    await finishedStarting(tab);
  }
  await test.step('a write is never shared: sent from two tabs it reaches the platform twice, and the worker forgets its reads', async () => {
    const write = '/api/alert/v1/schedules/7/acknowledge';
    const held = await platform.fault({ path: write, method: 'POST', hold: true });
    const sends = pages.slice(0, 2).map((tab) => tab.evaluate((path) => fetch(path, { method: 'POST' }).then((r) => r.status), write));
    await expect.poll(async () => (await platform.log({ method: 'POST', path: write })).length).toBe(2);
    await platform.removeFault(held.id);
    await Promise.all(sends);
    expect(await platform.log({ method: 'POST', path: write })).toHaveLength(2);
  });

  const user = '/api/access/v1/users/current/legacy';
  // Init comes from each tab's organisation-tree worker, whose calls through the service worker
  // the browser does not always report to the test: it is asked right after these, in the same
  // turn (startup/page/loadSignedInState), so it is held until every tab has asked them.
  const askedWithInit = [user, '/api/access/v1/access-levels/current', '/api/v1/private/orggroupuser/get', '/api/access/v1/tool-settings/user-preferences'];
  let asked: Map<string, number>[] = [];
  const gate = await untilEveryTabAsked(context, (read, nth) =>
    read === init ? askedWithInit.every((sibling) => everyTab(asked, sibling, nth)) : everyTab(asked, read, nth),
  );
  asked = pages.map((tab) => recordReads(tab, () => gate.asked()));
  await platform.clearLog();

  await test.step('the five tabs reloaded at once start, each shows the member', async () => {
    try {
      await Promise.all(pages.map((tab) => tab.reload({ waitUntil: 'commit' })));
      for (const tab of pages) await expect(new ShellChrome(tab).memberName).toHaveText('Ada Admin');
      // The reads asked once another has answered (tenants after init, the workspace brand after
      // the navigation) and the start-up run's second read of the current user: until the tabs
      // have asked everything.
      await expect.poll(() => gate.settled(), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => asked.some((tab) => (tab.get(user) ?? 0) >= 2)).toBe(true);
    } finally {
      await gate.stop();
    }
  });

  await test.step('one call per start-up read for five tabs', async () => {
    // Some reads are asked once the live chrome is on screen (the translations' re-check): they may
    // reach the platform a moment after every tab showed the member.
    await expect
      .poll(async () => {
        const received = await readsReceived(platform);
        return startupReads.filter((read) => received.has(read)).length;
      })
      .toBeGreaterThanOrEqual(startupReads.length - 3);
    const received = await readsReceived(platform);
    const calls = Object.fromEntries([...received].map(([read, logged]) => [read, logged.length]));
    // Every read the platform received, at most once; none when an answer of a moment ago (a read
    // a tab made just before the reload) answered it.
    expect(calls).toEqual(Object.fromEntries(Object.keys(calls).map((read) => [read, 1])));
    expect(startupReads.filter((read) => received.has(read)).length).toBeGreaterThanOrEqual(startupReads.length - 3);
    expect(received.get(init)?.[0]?.status).toBe(200);
  });
});

test('two members, and tabs either side of a tenant switch, never receive each other’s answers', async ({ page, context, browser, signedIn, platform, baseURL }) => {
  await signedIn(page, 'admin@acme.test');
  await waitForServiceWorker(page);
  const chrome = new ShellChrome(page);
  await expect(chrome.tenantName).toHaveText('Acme Corp');
  // A tab of the same member that runs none of the shell's code (it does not reload on a switch),
  // controlled by the same service worker: it asks init through the worker as a screen would.
  const plain = await context.newPage();
  await plain.goto('/config.json');
  await waitForServiceWorker(plain);
  const askInit = () => plain.evaluate(async (path) => ((await (await fetch(path)).json()) as { tenant: { Name: string } }).tenant.Name, init);

  await test.step('a read in flight when the tenant switches answers only the side that asked it', async () => {
    const hold = await platform.fault({ path: init, method: 'GET', hold: true });
    await platform.clearLog();
    const before = askInit();
    await expect.poll(async () => (await platform.log({ path: init })).length).toBe(1);
    await chrome.switchTenant('Europe');
    // The switched tab asks init with the new tenant's token: another call, not the one in flight.
    await expect.poll(async () => (await platform.log({ path: init })).length).toBe(2);
    const after = askInit();
    const [first, second] = await platform.log({ path: init });
    expect(bearerClaims(second).tenantGuid).not.toBe(bearerClaims(first).tenantGuid);
    await platform.removeFault(hold.id);
    expect(await before).toBe('Acme Corp');
    expect(await after).toBe('Acme Europe');
    await expect(chrome.tenantName).toHaveText('Acme Europe');
    // Every call after the switch carried the new tenant's token (the switched tab's first ask
    // may have been dropped by its reload at /landing, and asked again).
    const [, ...afterSwitch] = await platform.log({ path: init });
    for (const call of afterSwitch) expect(bearerClaims(call).tenantGuid).toBe(bearerClaims(second).tenantGuid);
  });

  await test.step('another member in another browser context asks for itself', async () => {
    const other = await browser.newContext({ baseURL: baseURL!, serviceWorkers: 'allow' });
    try {
      const bob = await other.newPage();
      await arriveSignedIn(bob, platform, 'basic@acme.test');
      await waitForServiceWorker(bob);
      await expect(new ShellChrome(bob).memberName).toHaveText('Bob Basic');
      const hold = await platform.fault({ path: init, method: 'GET', hold: true });
      await platform.clearLog();
      // Ada's tab may be answered by her own worker's answer of a moment ago (her start after the
      // switch); Bob's worker has nothing of hers, and asks with his own token.
      await Promise.all([page.reload({ waitUntil: 'commit' }), bob.reload({ waitUntil: 'commit' })]);
      const bobGuid = bearerClaims({ headers: { authorization: `Bearer ${(await platform.token('basic@acme.test')).access_token}` } }).guid;
      await expect.poll(async () => (await platform.log({ path: init })).some((call) => bearerClaims(call).guid === bobGuid)).toBe(true);
      await platform.removeFault(hold.id);
      await expect(new ShellChrome(bob).memberName).toHaveText('Bob Basic');
      await expect(chrome.memberName).toHaveText('Ada Admin');
      await expect(chrome.tenantName).toHaveText('Acme Europe');
    } finally {
      await other.close();
    }
  });
});
