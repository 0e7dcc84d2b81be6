import type { BrowserContext, Page, Response } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { gzipOnly, rawGet } from './support/rawHttp.ts';

/**
 * JavaScript budgets, counted as the browser loads them (not as the build's manifest lists them):
 * every script of the shell's own build the page downloads, in the bytes the server sends (the
 * build's precompressed files, server/precompressed): the budgets hold for the bytes the browser
 * itself received (every script as brotli); what a client that takes only gzip is sent is printed
 * beside them. With an empty HTTP cache and no service worker (which would precache everything).
 * Byte counts of one build are deterministic.
 */
const kb = 1024;

interface Script {
  path: string;
  /** The bytes the browser received (its body as sent), and their coding. */
  sent: number;
  encoding: string;
  /** The bytes a gzip-only client is sent for it. */
  gzip: number;
}

/** Records every /assets/ script the context receives; `scripts()` waits for their bodies and asks what gzip would have been. */
function recordScripts(context: BrowserContext): { scripts: () => Promise<Script[]> } {
  const pending: Promise<Omit<Script, 'gzip'> & { url: string } | null>[] = [];
  const onResponse = (response: Response) => {
    const { pathname } = new URL(response.url());
    if (response.status() !== 200 || !pathname.startsWith('/assets/') || !pathname.endsWith('.js')) return;
    // The length the server declares for the body it sends (Chromium's own count is 0 for a
    // script it had fetched for a modulepreload of the same page).
    pending.push(
      Promise.all([response.headerValue('content-length'), response.headerValue('content-encoding')]).then(
        ([length, encoding]) => ({ path: pathname, url: response.url(), sent: Number(length ?? NaN), encoding: encoding ?? 'identity' }),
        () => null,
      ),
    );
  };
  context.on('response', onResponse);
  return {
    scripts: async () => {
      context.off('response', onResponse);
      const received = (await Promise.all(pending)).filter((s) => s !== null);
      return Promise.all(received.map(async ({ url, ...s }) => ({ ...s, gzip: (await rawGet(url, { 'Accept-Encoding': gzipOnly })).body.length })));
    },
  };
}

/** A tab with the HTTP cache off, so every script is downloaded again. */
async function uncachedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
}

const total = (scripts: Script[], bytes: 'sent' | 'gzip' = 'gzip') => scripts.reduce((sum, s) => sum + s[bytes], 0);
const listing = (scripts: Script[]) => scripts.map((s) => `${s.path} ${(s.gzip / kb).toFixed(1)} KB gzip, ${(s.sent / kb).toFixed(1)} KB ${s.encoding} sent`).join('\n');

/** Every script came compressed with brotli, and the budget holds for the bytes the browser received. */
function expectWithin(scripts: Script[], budget: number): void {
  expect(scripts.filter((s) => s.encoding !== 'br' || !(s.sent > 0)).map((s) => `${s.path} ${s.encoding} ${s.sent}`)).toEqual([]);
  console.info(`${scripts.length} scripts: ${(total(scripts, 'sent') / kb).toFixed(1)} KB brotli sent (${(total(scripts) / kb).toFixed(1)} KB to a gzip-only client)`);
  expect(total(scripts, 'sent'), listing(scripts)).toBeLessThanOrEqual(budget);
  expect(total(scripts, 'sent'), listing(scripts)).toBeLessThan(total(scripts));
}

test.describe('JavaScript budgets', () => {
  test('a first visit to /auth downloads at most 150 KB of JavaScript as sent, deferred chunks included, until settled', async ({ context }) => {
    const recording = recordScripts(context);
    const tab = await uncachedPage(context);
    const signInPage = new SignInPage(tab);
    await signInPage.open();
    // Settled: whatever the page loads after its first screen (deferred chunks) has arrived too.
    await tab.waitForLoadState('networkidle');
    const scripts = await recording.scripts();
    expect(scripts.map((s) => s.path)).toEqual(expect.arrayContaining([expect.stringMatching(/\/assets\/AuthPage-/)]));
    expectWithin(scripts, 150 * kb);
    // None of the signed-in area's code.
    expect(scripts.map((s) => s.path).filter((path) => /\/assets\/(signed-in|after-first-screen)-/.test(path))).toEqual([]);
    // Still the sign-in page, ready for the member.
    await expect(signInPage.email).toBeEditable();
  });

  test('the signed-in first route downloads at most 200 KB of JavaScript as sent before the member’s name shows', async ({ context, page, signIn }) => {
    await signIn(page, 'admin@acme.test');
    await page.close();
    const recording = recordScripts(context);
    const tab = await uncachedPage(context);
    // When the name first shows, on the page's own clock (the one resource timing uses).
    await tab.addInitScript(() => {
      new MutationObserver(() => {
        if (!('__nameAt' in window) && document.querySelector('[data-testid="user-name"]')?.textContent) Object.assign(window, { __nameAt: performance.now() });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await tab.goto('/mfe-host');
    await new ShellChrome(tab).expectSignedInAs('Ada Admin');
    await tab.waitForLoadState('networkidle');
    const { nameAt, starts } = await tab.evaluate(() => ({
      nameAt: (window as { __nameAt?: number }).__nameAt ?? null,
      starts: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime] as const),
    }));
    expect(nameAt).not.toBeNull();
    const startOf = new Map(starts);
    const scripts = await recording.scripts();
    // Every script received has its resource entry, so none is counted on either side by default.
    for (const s of scripts) expect(startOf.has(s.path), s.path).toBe(true);
    const before = scripts.filter((s) => startOf.get(s.path)! < nameAt!);
    expect(before.map((s) => s.path)).toEqual(expect.arrayContaining([expect.stringMatching(/\/assets\/signed-in-/)]));
    // The revalidation (the organisation-tree worker that loads init) starts once the kept state
    // has painted, never racing it: on a loaded machine it once did, and went 1.3 KB over.
    expect(scripts.filter((s) => /orgTree\.worker/.test(s.path)).map((s) => startOf.get(s.path)! > nameAt!)).toEqual([true]);
    expectWithin(before, 200 * kb);
    // Few files, until the page has settled: each is a request, a response and a module record
    // (build/signedInChunking). Before the signed-in code came in two files, this start asked for 60;
    // before the pre-paint's and the shared modules came in one file each, 33.
    expect(scripts.length, listing(scripts)).toBeLessThanOrEqual(26);
  });
});
