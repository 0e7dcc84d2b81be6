import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { arriveSignedIn } from './support/signIn.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { bannerControls, sidewaysScroll } from './support/layout.ts';
import { ShellChrome, UpdateIndicator } from './support/pages.ts';
import { shoot } from './support/screenshots.ts';
import { PlatformControl, quietenStartup } from './support/platform.ts';
import { startShellServer, type ShellServer } from './support/server.ts';

/**
 * A deploy while the shell is open. The first version (this run's dist/, build
 * 0.1.0) runs in two tabs; the second (built here with APP_BUILD=next) is deployed into the
 * served folder; the prompt appears, the old version keeps working, Reload moves both tabs.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const repoRoot = new URL('../../', import.meta.url).pathname;
/** The build the tab runs (null while it is reloading). */
const build = (page: Page) => page.evaluate(() => document.documentElement.dataset.build).catch(() => null);
/** The update indicator's button (in the top bar, or in a corner where there is no bar). */
const prompt = (page: Page) => new UpdateIndicator(page).button;

/** Replaces what the server serves with `from` (a deploy: the old files are gone). */
function deploy(from: string, to: string) {
  for (const entry of readdirSync(to)) rmSync(join(to, entry), { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}

const checkForUpdate = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

let first: string;
let second: string;
let served: string;
let server: ShellServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  first = mkdtempSync(join(tmpdir(), 'shell-v1-'));
  cpSync(join(repoRoot, 'dist'), first, { recursive: true });
  second = mkdtempSync(join(tmpdir(), 'shell-v2-'));
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: repoRoot,
    env: { ...process.env, APP_BUILD: 'next', OUT_DIR: second },
    stdio: 'inherit',
  });
  served = mkdtempSync(join(tmpdir(), 'shell-served-'));
  deploy(first, served);
  server = await startShellServer(0, {}, served);
});

test.afterAll(async () => {
  await server?.close();
  for (const dir of [first, second, served]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The first version served again, the emulator fresh and quiet, and the admin signed in on a controlled page. */
async function signedInOnFirstVersion(context: BrowserContext, request: APIRequestContext): Promise<Page> {
  deploy(first, served);
  const control = new PlatformControl(request, server);
  await control.reset();
  await quietenStartup(control);
  const page = await context.newPage();
  // Arriving signed in: the deploy is tested, not the sign-in.
  await arriveSignedIn(page, control, 'admin@acme.test', '/mfe-host', server.baseURL);
  await new ShellChrome(page).expectSignedInAs('Ada Admin');
  await waitForServiceWorker(page);
  return page;
}

test('a deploy: both tabs are told, the old version keeps working, and Reload moves both to the new one', async ({ context, request }, testInfo) => {
  const a = await signedInOnFirstVersion(context, request);
  const b = await context.newPage();
  await b.goto(`${server.baseURL}/mfe-host`);
  await new ShellChrome(b).expectSignedInAs('Ada Admin');
  expect([await build(a), await build(b)]).toEqual(['0.1.0', '0.1.0']);
  await expect(prompt(a)).toHaveCount(0);

  deploy(second, served);
  await checkForUpdate(a);
  await expect(prompt(a)).toBeVisible({ timeout: 20_000 });
  await expect(prompt(b)).toBeVisible();
  // Nothing changed by itself: both tabs still run the first version.
  expect([await build(a), await build(b)]).toEqual(['0.1.0', '0.1.0']);

  // In the shell it is a compact indicator in the top bar, which stays one row: at most 64 px at
  // 1280 px and 56 px at 360 px, nothing wrapped or outside it, nothing scrolling sideways.
  const indicator = new UpdateIndicator(a);
  await expect(indicator.inBar).toBeVisible();
  const size = a.viewportSize()!;
  for (const [viewport, most] of [
    [{ width: 1280, height: 800 }, 64],
    [{ width: 360, height: 740 }, 56],
  ] as const) {
    await a.setViewportSize(viewport);
    // Polled: the chrome picks its layout for the new width in a render after the resize.
    await expect.poll(async () => (await a.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(most);
    await expect.poll(async () => (await bannerControls(a)).filter((c) => !c.inside || c.wrapped)).toEqual([]);
    expect((await bannerControls(a)).map((c) => c.name)).toContain(en.NewVersionAvailable);
    expect(await sidewaysScroll(a)).toBeLessThanOrEqual(0);
    await shoot(a, testInfo, `update-indicator-${viewport.width}`);
    await indicator.open();
    await expect(indicator.panel.getByText(en.NewVersionHelp!)).toBeVisible();
    expect(await sidewaysScroll(a)).toBeLessThanOrEqual(0);
    await shoot(a, testInfo, `update-panel-${viewport.width}`);
    await a.keyboard.press('Escape');
    await expect(indicator.panel).toHaveCount(0);
  }
  await a.setViewportSize(size);

  // A route whose code this tab has not loaded yet: its chunk is gone from the server, and the
  // waiting update does not stop the old version from loading it.
  const chunks: string[] = [];
  a.on('response', (response) => {
    if (/\/assets\/UiKitPage-[^/]+\.js$/.test(response.url())) chunks.push(response.url());
  });
  await a.goto(`${server.baseURL}/ui-kit`);
  await expect(a.getByRole('heading', { level: 1 })).toBeVisible();
  expect(chunks).toHaveLength(1);
  // (The preview server answers unknown paths with its HTML fall-back, never the chunk.)
  const fromServer = await request.get(chunks[0]!);
  expect(fromServer.status() === 404 || !/javascript/.test(fromServer.headers()['content-type'] ?? '')).toBe(true);
  expect(await build(a)).toBe('0.1.0');
  await expect(prompt(a)).toBeVisible();

  // Tab B holds unsaved input: a time format chosen but not saved.
  const dialog = await new ShellChrome(b).openPreferences();
  await dialog.root.getByRole('form', { name: en.YourPreferences }).getByLabel(en.TimeFormat!).selectOption('24Hour');

  // Reload in the other tab (by keyboard) moves both.
  await new UpdateIndicator(a).reloadByKeyboard();
  await expect.poll(() => build(b), { timeout: 20_000 }).toBe('next');
  await expect.poll(() => build(a), { timeout: 20_000 }).toBe('next');
  await new ShellChrome(b).expectSignedInAs('Ada Admin');
  await expect(prompt(a)).toHaveCount(0);
  await expect(prompt(b)).toHaveCount(0);
  // Nothing typed is lost by the update: tab B offers its unsaved choice back.
  await new ShellChrome(b).openPreferences();
  await expect(dialog.root.getByText(en.DraftRestored!)).toBeVisible();
  await expect(dialog.root.getByRole('form', { name: en.YourPreferences }).getByLabel(en.TimeFormat!)).toHaveValue('24Hour');
  // The old version's files are gone from the precache.
  const oldChunkCached = await b.evaluate(async (url) => {
    for (const name of await caches.keys()) if (await (await caches.open(name)).match(url, { ignoreSearch: true })) return true;
    return false;
  }, chunks[0]!);
  expect(oldChunkCached).toBe(false);
});

test('the kill switch retires the service worker in one deploy; the shell goes on from the network', async ({ context, request }) => {
  const page = await signedInOnFirstVersion(context, request);
  expect(await page.evaluate(async () => (await caches.keys()).some((name) => name.startsWith('workbox-precache')))).toBe(true);

  execFileSync(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(repoRoot, 'scripts/retire-sw.ts'), served], { stdio: 'ignore' });
  await checkForUpdate(page);
  // It takes over, deletes the caches and unregisters; the page reloads itself and goes on from the
  // network (a retired worker has no fetch handler), and the same build does not register it again.
  const registrations = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length).catch(() => null);
  await expect.poll(registrations, { timeout: 20_000 }).toBe(0);
  // The worker's caches are gone (the page's own pipeline may start a member's API cache again).
  const workerCaches = () => page.evaluate(async () => (await caches.keys()).filter((name) => !name.startsWith('trust-shell-api:'))).catch(() => null);
  await expect.poll(workerCaches).toEqual([]);
  await new ShellChrome(page).expectSignedInAs('Ada Admin');
  await page.reload();
  await new ShellChrome(page).expectSignedInAs('Ada Admin');
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(await registrations()).toBe(0);
});
