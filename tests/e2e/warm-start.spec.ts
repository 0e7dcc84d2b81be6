import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { de, ar, en } from './support/catalogues.ts';
import { recordDialogs } from './support/recorders.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { PrePaint, ShellChrome, SignInPage } from './support/pages.ts';
import { platformGet } from './support/session.ts';
import { storedEntry } from './support/shellStorage.ts';

/**
 * A returning member's start paints from what the device holds (stale-while-revalidate): the
 * platform's answers then update the shell in place. The emulator holds every platform call
 * (a `hold` fault) so "before any answer" is a state, not a race against a timer.
 */

interface Init {
  permissions: Record<string, boolean>;
  tenant: { Name: string };
  branding: { primaryColor: string };
  [field: string]: unknown;
}

/** What a frame showed: its text, the brand on <html>, whether the loading display was there. */
interface Frame {
  text: string;
  brand: string | null;
  style: string;
  loading: boolean;
  memberShown: boolean;
  /** The kept top bar, painted before the app's code ran, was in the document. */
  prePainted: boolean;
  /** The app's first statement had run (`<html data-build>`). */
  appRan: boolean;
  /** What the bar's organisation control said (the kept copy's or the live one's), null without one. */
  organisation: string | null;
}

/**
 * Records every distinct state of the document from before the first script runs, in every
 * document the tab loads (a MutationObserver's callback runs before the browser paints, so no
 * painted frame escapes it). Reported to the test through a binding, which outlives navigations.
 */
async function recordFrames(page: Page): Promise<Frame[]> {
  const frames: Frame[] = [];
  await page.exposeFunction('__recordFrame', (frame: Frame) => void frames.push(frame));
  await page.addInitScript(() => {
    let last = '';
    const record = () => {
      const root = document.documentElement;
      const frame = {
        text: root.textContent ?? '',
        brand: root.getAttribute('data-brand'),
        style: root.getAttribute('style') ?? '',
        loading: document.querySelector('.loading') !== null,
        memberShown: document.querySelector('[data-testid="user-name"]') !== null,
        prePainted: document.querySelector('[data-prepaint-root]') !== null,
        appRan: document.documentElement.hasAttribute('data-build'),
        organisation: document.querySelector('[data-chrome-control="organisation"]')?.textContent ?? null,
      };
      const key = JSON.stringify(frame);
      if (key === last) return;
      last = key;
      void (window as unknown as { __recordFrame: (f: typeof frame) => Promise<void> }).__recordFrame(frame);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return frames;
}

/** The keys of one of the shell's IndexedDB stores (the session store's kv unless told). */
function storedKeys(page: Page, database = 'trust-shell', store = 'kv'): Promise<string[]> {
  return page.evaluate(
    ([database, store]) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open(database);
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve([]);
          const keys = db.transaction(store).objectStore(store).getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => resolve([]);
        };
      }),
    [database, store] as const,
  );
}

function storeEntry(page: Page, key: string, value: unknown): Promise<void> {
  return page.evaluate(
    ([key, value]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('trust-shell');
        open.onerror = () => reject(new Error('no session store'));
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          tx.objectStore('kv').put(value, key);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(new Error('not written'));
        };
      }),
    [key, value] as const,
  );
}

/** The kept chrome (firstPaint/core/snapshot), as far as these tests read it. */
interface KeptChrome {
  scopeKey: string;
  lang: string;
  dir: string;
  vars: Record<string, string>;
  styles: string[];
  bar: unknown;
  [field: string]: unknown;
}
const keptChrome = (page: Page) => storedEntry(page, 'chromeSnapshot') as Promise<KeptChrome | null>;
/** The kept bar's data as text (the names it shows are in it). */
const keptBar = async (page: Page) => JSON.stringify((await keptChrome(page))?.bar ?? null);
/** A node of the kept bar's tree (firstPaint/core/barTree ChromeNode). */
const node = (tag: string, attrs: Record<string, string> = {}, ...children: unknown[]) => ({ tag, attrs, children });

/** Whether this start painted the kept chrome (boot's mark), once it has decided; null before. */
const prePaintDecision = (page: Page) =>
  page.evaluate(() => {
    const mark = performance.getEntriesByName('trust-shell:pre-paint')[0] as PerformanceMark | undefined;
    return mark ? (mark.detail as { painted: boolean }).painted : null;
  });

/** `#RRGGBB` as the browser computes it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const brandVar = (page: Page, name: string) => page.evaluate((n) => document.documentElement.style.getPropertyValue(n), name);

test('warm start: the chrome paints from the device while the platform holds every call, then revalidates in place', async ({
  page,
  signedIn,
  platform,
  request,
}) => {
  const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
  const workspace = await platformGet<{ logoData: string; primaryColor: string }>(request, platform, '/api/branding/v1/branding?isWorkspaceNavigation=true');
  await signedIn(page, 'admin@acme.test');
  // The member reads the shell in German: that catalogue is the one kept for the next start.
  await new ShellChrome(page).pick('Deutsch');
  const chrome = new ShellChrome(page, de);
  const userMenu = chrome.userMenuButton;
  await expect(userMenu).toBeVisible();
  await page.keyboard.press('Escape');
  const switchTenant = chrome.tenantSwitcher;
  await expect(switchTenant).toBeVisible();
  await expect(chrome.tenantLogo).toHaveAttribute('src', workspace.logoData);
  await expect(chrome.organisationPicker).not.toContainText(de.Loading!);
  const organisation = (await chrome.organisationPicker.textContent())!;

  // Since the last visit the platform took TENANTS_LIST away, renamed the tenant and changed its brand.
  const { TENANTS_LIST: _taken, ...permissions } = init.permissions;
  await platform.override({ method: 'GET', path: '/api/global-state/v1/init', status: 200, body: { ...init, permissions, tenant: { ...init.tenant, Name: 'Acme Corporation' } } });
  const newPrimary = '#6A1B9A';
  expect(newPrimary).not.toBe(init.branding.primaryColor);
  await platform.override({ method: 'GET', path: '/api/branding/v1/branding', status: 200, body: { ...workspace, primaryColor: newPrimary } });
  const frames = await recordFrames(page);
  const held = await Promise.all([platform.fault({ path: '/api/', hold: true }), platform.fault({ path: '/seed-translations/', hold: true })]);
  await platform.clearLog();
  await page.goto('/mfe-host');

  // Name, tenant, brand and the member's texts in their language, with nothing answered.
  await chrome.expectSignedInAs('Ada Admin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-de');
  await expect(userMenu).toBeVisible();
  await expect(chrome.tenantName).toHaveText(init.tenant.Name);
  await expect(switchTenant).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'custom');
  expect(await brandVar(page, '--brand-primary')).toBe(init.branding.primaryColor);
  await expect(chrome.tenantLogo).toHaveAttribute('src', workspace.logoData);
  // ...and the organisation the member works in, from the tree kept at the last visit.
  await expect(chrome.organisationPicker).toHaveText(organisation);
  // ... while the emulator still holds the state calls it received (the browser queues the rest
  // behind them): none of them has been answered.
  const received = await platform.log({ path: '/api/' });
  expect(received.map((r) => r.path)).toContain('/api/access/v1/users/current/legacy');
  expect(received.filter((r) => r.status !== 0)).toEqual([]);

  // The platform answers: the lost permission's control goes and the new name shows, in place.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  for (const { id } of held) await platform.removeFault(id);
  await expect(chrome.tenantName).toHaveText('Acme Corporation');
  await expect(switchTenant).toHaveCount(0);
  await chrome.expectSignedInAs('Ada Admin');
  await expect(userMenu).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect.poll(() => brandVar(page, '--brand-primary')).toBe(newPrimary);
  await expect(chrome.tenantLogo).toHaveAttribute('src', workspace.logoData);

  // The loading display never showed, and the member was never shown without their brand: the
  // kept one, then the new one, never the default in between.
  expect(frames.filter((f) => f.loading)).toEqual([]);
  const withMember = frames.filter((f) => f.memberShown);
  expect(withMember.length).toBeGreaterThan(0);
  const branded = (f: Frame) => f.brand === 'custom' && (f.style.includes(init.branding.primaryColor) || f.style.includes(newPrimary));
  expect(withMember.filter((f) => !branded(f)).map((f) => [f.brand, f.style])).toEqual([]);
});

test('another member on the same browser never sees the last member’s state, not for one frame; sign-out deletes the copies', async ({
  page,
  signedIn,
  platform,
  request,
}) => {
  const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
  await signedIn(page, 'admin@acme.test');
  // The pre-paint's warm-up note: the bar's fonts and its SVG logo, nothing of the member.
  const warmUpNote = () => page.evaluate(() => localStorage.getItem('trust-shell.chromeWarmUp'));
  await expect.poll(warmUpNote).toContain('"svgImage":true');
  expect((JSON.parse((await warmUpNote())!) as { fonts: string[] }).fonts.length).toBeGreaterThan(1);
  expect(await warmUpNote()).not.toMatch(/Ada|Acme/);
  await new ShellChrome(page).signOut();
  await expect(page).toHaveURL(/\/auth$/);
  // Nothing of the member's kept for a warm start outlives the sign-out.
  expect(await warmUpNote()).toBeNull();
  const kept = await storedKeys(page);
  expect(kept.filter((key) => key === 'lastKnownState' || key === 'chromeSnapshot' || key.startsWith('translations:v2:') || key.startsWith('translations:module:'))).toEqual([]);
  await expect.poll(() => storedKeys(page, 'trust-shell-brand', 'brands')).toEqual([]);
  // Nothing is pre-painted after the sign-out, even with the app held back.
  const prePaint = new PrePaint(page);
  const release = await prePaint.holdApp();
  await page.goto('/mfe-host', { waitUntil: 'commit' });
  await expect.poll(() => prePaintDecision(page)).toBe(false);
  await expect(prePaint.root).toHaveCount(0);
  await release();
  await expect(page).toHaveURL(/\/auth$/);

  const frames = await recordFrames(page);
  await page.reload();
  const chrome = await new SignInPage(page).signIn('trial@acme.test');
  await expect(chrome.tenantName).toContainText('Initech (trial)');
  await expect(chrome.memberName).not.toHaveText('');

  expect(frames.length).toBeGreaterThan(0);
  const leaked = frames.filter((f) => /Ada Admin|Acme Corp|Acme Home/.test(f.text) || f.style.includes(init.branding.primaryColor));
  expect(leaked.map((f) => f.text.slice(0, 200))).toEqual([]);
  expect(frames.filter((f) => f.prePainted)).toEqual([]);
});

test('pre-paint: with the app held back, the kept bar shows member, tenant and brand; the live chrome then replaces it', async ({
  page,
  signedIn,
  platform,
  request,
}) => {
  const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
  await signedIn(page, 'admin@acme.test');
  const chrome = new ShellChrome(page);
  await expect(chrome.tenantName).toHaveText(init.tenant.Name);
  await expect.poll(() => keptBar(page)).toContain('Ada Admin');

  const frames = await recordFrames(page);
  const firstAnswer = await recordFirstSessionAnswer(page);
  const stylesheets: string[] = [];
  page.on('request', (r) => void (r.url().endsWith('.css') && stylesheets.push(new URL(r.url()).pathname)));
  const keptStyles = (await keptChrome(page))!.styles;
  const prePaint = new PrePaint(page);
  const release = await prePaint.holdApp();
  await page.goto('/mfe-host', { waitUntil: 'commit' });
  // Before any of the app's code has run: the member, the tenant and the brand's colour.
  await expect(prePaint.memberName).toHaveText('Ada Admin');
  const keptOrganisation = await prePaint.bar.locator('[data-chrome-control="organisation"]').textContent();
  expect(keptOrganisation).toContain('Acme Corp');
  await expect(prePaint.tenantName).toHaveText(init.tenant.Name);
  await expect(prePaint.bar).toHaveCSS('border-top-color', rgb(init.branding.primaryColor));
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'custom');
  // Inert and hidden from assistive technology, with no test ids, ids or ARIA references.
  await expect(prePaint.root).toHaveAttribute('aria-hidden', 'true');
  expect(await prePaint.root.evaluate((root) => (root as HTMLElement).inert)).toBe(true);
  await expect(chrome.memberName).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  const references = await prePaint.root.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => /^(id|for|style|role|tabindex|data-testid|aria-.*|on.*)$/.test(n)),
  );
  expect(references).toEqual([]);

  // The app runs: its chrome takes the copy's place, and one name shows.
  await release();
  await chrome.expectSignedInAs('Ada Admin');
  await expect(prePaint.root).toHaveCount(0);
  await expect(page.locator('header')).toHaveCount(1);
  await expect(page.locator('[data-prepaint]')).toHaveCount(0);
  await expect(page.locator('header').getByText('Ada Admin', { exact: true }).filter({ visible: true })).toHaveCount(1);
  // From the pre-paint on, no state of the page was without the member's chrome, showed the loading
  // display, or lost the brand. (The copy goes in the same task as the app's chrome comes, so a
  // recorder may see both at once; never painted so, since nothing paints within a task.)
  const fromPrePaint = frames.slice(frames.findIndex((f) => f.prePainted));
  expect(fromPrePaint.length).toBeGreaterThan(1);
  expect(fromPrePaint.filter((f) => !(f.prePainted || f.memberShown) || f.loading || f.brand !== 'custom').map((f) => f.text.slice(0, 120))).toEqual([]);
  // The organisation stays named as the copy named it: the live chrome never says "Loading…" while
  // the kept tree is read (the swap would change the control's width, and its words).
  await expect(chrome.organisationPicker).toContainText('Acme Corp');
  expect(fromPrePaint.map((f) => f.organisation).filter((o) => o !== null && o !== keptOrganisation)).toEqual([]);
  // The bar's stylesheets were asked for before the session store's first answer (the warm-up
  // note names them), not after it; and each was downloaded once, the preload and the live
  // chrome's link sharing it.
  const answeredAt = await firstAnswer();
  const requestedAt = await page.evaluate((paths) => paths.map((p) => performance.getEntriesByName(new URL(p, location.href).href)[0]?.startTime ?? null), keptStyles);
  expect(keptStyles.length).toBeGreaterThan(0);
  expect(requestedAt.map((at) => at !== null && at < answeredAt)).toEqual(keptStyles.map(() => true));
  expect(stylesheets.filter((path) => keptStyles.includes(path)).sort()).toEqual([...keptStyles].sort());
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Each control of a bar (`data-chrome-control`: tenant, organisation, user menu, …) and its box on screen. */
const controlBoxes = (bar: Locator): Promise<Record<string, Box>> =>
  bar.evaluateAll((bars) =>
    Object.fromEntries(
      bars.flatMap((b) => [...b.querySelectorAll('[data-chrome-control]')]).map((control): [string, Box] => {
        const { x, y, width, height } = control.getBoundingClientRect();
        return [control.getAttribute('data-chrome-control') ?? '', { x, y, width, height }];
      }),
    ),
  );

for (const { width, controls } of [
  { width: 1280, controls: ['organisation', 'orggroup', 'tenant', 'user-menu'] },
  { width: 412, controls: ['scope', 'user-menu'] },
]) {
  test(`the kept bar at ${width} px: each control in the live one's box; a click on the kept user menu opens it`, async ({ page, signedIn }) => {
    await page.setViewportSize({ width, height: 800 });
    await signedIn(page, 'admin@acme.test');
    await expect.poll(() => keptBar(page)).toContain('Ada Admin');
    const chrome = new ShellChrome(page);
    const prePaint = new PrePaint(page);
    const release = await prePaint.holdApp();
    await page.goto('/mfe-host', { waitUntil: 'commit' });
    await expect(prePaint.memberName).toHaveText('Ada Admin');
    const kept = await controlBoxes(prePaint.bar);
    // The member clicks the kept user menu before the app has run: the click is not lost.
    const menu = kept['user-menu'];
    if (menu) await page.mouse.click(menu.x + menu.width / 2, menu.y + menu.height / 2);
    await release();
    await expect(chrome.menuItem(en.SignOut!)).toBeVisible();
    await expect(prePaint.root).toHaveCount(0);
    // The live chrome took the copy's place without moving anything (its clock and indicators loaded meanwhile).
    expect(Object.keys(kept).sort()).toEqual(controls);
    const live = await controlBoxes(page.locator('header.shell__bar'));
    for (const name of controls) {
      for (const side of ['x', 'y', 'width', 'height'] as const) expect(live[name]?.[side], `${name} ${side}`).toBeCloseTo(kept[name]![side], 0);
    }
  });
}

test('pre-paint: reads, stylesheets and /config.json asked while its code loads; painted before the app; one round', async ({ page, signedIn }) => {
  await signedIn(page, 'admin@acme.test');
  await expect.poll(() => keptBar(page)).toContain('Ada Admin');
  const keptStyles = (await keptChrome(page))!.styles;
  expect(keptStyles.length).toBeGreaterThan(0);
  await page.addInitScript(() => {
    const w = window as unknown as { __reads: string[]; __prePaintFrameAt?: number; __appAt?: number };
    w.__reads = [];
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the store it was asked on
    const get = IDBObjectStore.prototype.get;
    IDBObjectStore.prototype.get = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['get']>) {
      if (typeof args[0] === 'string') w.__reads.push(args[0]);
      return get.apply(this, args);
    };
    // The frame that paints the kept name (its animation frame), and the app's first statement
    // (src/main.tsx marks <html data-build>).
    let framing = false;
    new MutationObserver(() => {
      if (!framing && document.querySelector('[data-prepaint="user-name"]')) {
        framing = true;
        requestAnimationFrame(() => (w.__prePaintFrameAt = performance.now()));
      }
      if (w.__appAt === undefined && document.documentElement.hasAttribute('data-build')) w.__appAt = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-build'] });
  });
  // The page's requests and answers, in the order the browser reports them.
  const network: string[] = [];
  page.on('request', (r) => network.push(`asked ${new URL(r.url()).pathname}`));
  page.on('requestfinished', (r) => network.push(`answered ${new URL(r.url()).pathname}`));
  const prePaint = new PrePaint(page);
  const release = await prePaint.holdPrePaint();
  await page.goto('/mfe-host', { waitUntil: 'commit' });
  // With the pre-paint's code held back, nothing after the first script has run: the runtime
  // configuration is already asked for (index.html's preload, not the app's loader).
  await expect.poll(() => network).toContain('asked /config.json');
  // The page's first script has read what it reads and loaded the bar's stylesheets.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __reads: string[] }).__reads)).toEqual(expect.arrayContaining(['auth', 'accessToken', 'language', 'chromeSnapshot']));
  const loaded = (paths: string[]) => page.evaluate((ps) => ps.filter((p) => performance.getEntriesByName(new URL(p, location.href).href).length > 0), paths);
  await expect.poll(() => loaded(keptStyles)).toEqual(keptStyles);
  await release();
  await new ShellChrome(page).expectSignedInAs('Ada Admin');
  // The kept name reached a frame before the app's code ran: its first evaluation, one long task,
  // would otherwise hold that frame back until it ends.
  const { frameAt, appAt } = await page.evaluate(() => {
    const w = window as unknown as { __prePaintFrameAt?: number; __appAt?: number };
    return { frameAt: w.__prePaintFrameAt ?? null, appAt: w.__appAt ?? null };
  });
  expect(frameAt).not.toBeNull();
  expect(appAt).not.toBeNull();
  expect(frameAt!).toBeLessThan(appAt!);
  // The signed-in route's code (its chunks and what they share) was asked for at once: every file
  // of it before the first of them was answered, not in rounds.
  const signedInCode = (event: string) => /^(asked|answered) \/assets\/signed-in[\w-]*\.js$/.test(event);
  const events = network.filter(signedInCode);
  const firstAnswer = events.findIndex((e) => e.startsWith('answered'));
  expect(events.filter((e) => e.startsWith('asked')).length).toBeGreaterThan(1);
  expect(events.slice(firstAnswer).filter((e) => e.startsWith('asked'))).toEqual([]);
});

/**
 * When the page's first IndexedDB read (the pre-paint's, of the session store) was answered, in
 * the page's time: resolves once a read has been.
 */
async function recordFirstSessionAnswer(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the store it was asked on
    const get = IDBObjectStore.prototype.get;
    IDBObjectStore.prototype.get = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['get']>) {
      const request = get.apply(this, args);
      request.addEventListener('success', () => {
        const w = window as unknown as { __firstSessionAnswer?: number };
        w.__firstSessionAnswer ??= performance.now();
      });
      return request;
    };
  });
  return async () => {
    await page.waitForFunction(() => '__firstSessionAnswer' in window);
    return page.evaluate(() => (window as unknown as { __firstSessionAnswer: number }).__firstSessionAnswer);
  };
}

test('pre-paint in Arabic: right to left, in the member’s texts', async ({ page, signedIn }) => {
  await signedIn(page, 'admin@acme.test');
  await new ShellChrome(page).pick('العربية');
  const chrome = new ShellChrome(page, ar);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect.poll(async () => (await keptChrome(page))?.dir).toBe('rtl');

  const prePaint = new PrePaint(page);
  const release = await prePaint.holdApp();
  await page.goto('/mfe-host', { waitUntil: 'commit' });
  await expect(prePaint.memberName).toHaveText('Ada Admin');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(prePaint.bar).toContainText(ar.Tenant!);
  await release();
  await chrome.expectSignedInAs('Ada Admin');
  await expect(prePaint.root).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

/**
 * Ada signs in, out, and Trial signs in; then Ada's kept copy is put back in the store under her key
 * (a sign-out that could not delete it, a script on the origin), from a page of the origin where no
 * shell keeps its own meanwhile. Returns Trial's chrome.
 */
async function anotherMembersCopyStored(page: Page, signedIn: (page: Page, email: string) => Promise<void>): Promise<ShellChrome> {
  await signedIn(page, 'admin@acme.test');
  await expect.poll(() => keptBar(page)).toContain('Ada Admin');
  const adminsCopy = await keptChrome(page);
  await new ShellChrome(page).signOut();
  const chrome = await new SignInPage(page).signIn('trial@acme.test');
  await expect(chrome.tenantName).toContainText('Initech (trial)');
  await expect.poll(async () => (await keptChrome(page))?.scopeKey ?? adminsCopy!.scopeKey).not.toBe(adminsCopy!.scopeKey);
  await page.goto('/config.json');
  await storeEntry(page, 'chromeSnapshot', adminsCopy);
  return chrome;
}

test('the kept chrome of another member (or tenant) is never painted, not for one frame', async ({ page, signedIn }) => {
  const chrome = await anotherMembersCopyStored(page, signedIn);
  const frames = await recordFrames(page);
  const prePaint = new PrePaint(page);
  const release = await prePaint.holdApp();
  await page.goto('/mfe-host', { waitUntil: 'commit' });
  await expect.poll(() => prePaintDecision(page)).toBe(false);
  await release();
  await expect(chrome.tenantName).toContainText('Initech (trial)');
  const leaked = frames.filter((f) => f.prePainted || /Ada Admin|Acme Corp/.test(f.text));
  expect(leaked.map((f) => f.text.slice(0, 200))).toEqual([]);
});

test('a hostile kept chrome never runs: scripts, handlers, URLs and styles are dropped, names stay text', async ({ page, signedIn, platform, request, cspViolations }) => {
  const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
  const hostileName = '<img src=x onerror=alert(1)>Acme';
  await platform.override({ method: 'GET', path: '/api/global-state/v1/init', status: 200, body: { ...init, tenant: { ...init.tenant, Name: hostileName } } });
  const dialogs = recordDialogs(page);
  await signedIn(page, 'admin@acme.test');
  const chrome = new ShellChrome(page);
  await expect(chrome.tenantName).toHaveText(hostileName);
  await expect.poll(() => keptBar(page)).toContain(hostileName);
  const kept = (await keptChrome(page))!;

  // The platform's hostile tenant name comes back as text.
  const prePaint = new PrePaint(page);
  let release = await prePaint.holdApp();
  await page.goto('/mfe-host', { waitUntil: 'commit' });
  await expect(prePaint.tenantName).toHaveText(hostileName);
  await release();
  await chrome.expectSignedInAs('Ada Admin');

  // Elements, attributes and values written into the store by anyone on the origin.
  const bar = node(
    'header',
    { class: 'shell__bar', onclick: 'alert(1)' },
    node('img', { src: 'x', onerror: 'alert(2)' }),
    node('script', {}, 'alert(3)'),
    node('span', { class: 'chrome__user-name', 'data-testid': 'user-name', onclick: 'alert(4)', style: 'color:red', id: 'user-name', 'aria-labelledby': 'x' }, 'Ada Admin'),
    node('img', { src: 'javascript:alert(5)' }),
    node('a', { href: 'javascript:alert(6)' }, 'link'),
    node('iframe', { src: 'javascript:alert(7)' }),
    node('object', { data: 'x' }),
    node('svg', {}, node('script', {}, 'alert(8)'), node('a', { href: 'javascript:alert(9)' }, node('text', {}, 'svg link')), node('animate', { onbegin: 'alert(10)' }), node('use', { href: 'data:image/svg+xml;base64,PHN2Zy8+' })),
    node('style', {}, 'body{display:none}'),
    node('button', { formaction: 'javascript:alert(11)', 'data-state': 'x"onmouseover=alert(12)' }, 'b'),
    node('span', { 'data-testid': 'tenant-name' }, node('b', {}, '<script>alert(13)</script>')),
    node('div', { hidden: '' }, 'a closed menu'),
    '<img src=x onerror=alert(14)>',
  );
  await page.goto('/config.json'); // no shell here to keep its own bar meanwhile
  await storeEntry(page, 'chromeSnapshot', {
    ...kept,
    bar,
    brand: '"><script>alert(13)</script>',
    lang: 'en"><script>alert(14)</script>',
    vars: { '--brand-primary': 'red;background:url(javascript:alert(15))', '--evil': '#000000' },
    styles: [...kept.styles, '/assets/../evil.css', 'https://evil.test/x.css', '//evil.test/x.css'],
  });
  release = await prePaint.holdApp();
  await page.goto('/mfe-host', { waitUntil: 'commit' });
  await expect(prePaint.memberName).toHaveText('Ada Admin');
  await expect(prePaint.tenantName).toHaveText('<script>alert(13)</script>');
  await expect(prePaint.bar).toContainText('<img src=x onerror=alert(14)>');
  await expect(prePaint.bar).not.toContainText('a closed menu');
  const left = await prePaint.root.evaluate((root) => ({
    elements: [...root.querySelectorAll('script, style, link, iframe, object, a, use, animate, text, [hidden]')].length,
    attributes: [...root.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => `${a.name}=${a.value}`)).filter((a) => /^(on|style|href|formaction|id|aria-)|javascript:|=x$/.test(a)),
    brand: document.documentElement.dataset.brand,
    lang: document.documentElement.lang,
    primary: document.documentElement.style.getPropertyValue('--brand-primary'),
    evil: document.documentElement.style.getPropertyValue('--evil'),
    offOrigin: [...document.querySelectorAll('link')].map((l) => l.href).filter((h) => !h.startsWith(location.origin) || h.includes('evil')),
  }));
  expect(left).toEqual({ elements: 0, attributes: [], brand: undefined, lang: 'en-us', primary: '', evil: '', offOrigin: [] });
  await release();
  await chrome.expectSignedInAs('Ada Admin');
  expect(dialogs).toEqual([]);
  expect(cspViolations).toEqual([]);
});

for (const answer of ['renewed', 'refused'] as const) {
  test(`an expired access token does not hold the paint: the refresh runs behind the shown shell and is ${answer}`, async ({ page, signedIn, platform }) => {
    // A returning member's access token has usually expired (it lives 15 minutes): here it lives
    // one, and the page's clock is two minutes on when the member comes back.
    await platform.lifetimes({ accessTtlSeconds: 60 });
    await signedIn(page, 'admin@acme.test');
    const chrome = new ShellChrome(page);
    await expect(chrome.tenantName).not.toBeEmpty();
    // The member closes the tab: the old document's own timers (the auto refresh, the idle watch)
    // must not navigate it while the returning visit's navigation is on its way.
    await page.goto('about:blank');
    await platform.lifetimes({ accessTtlSeconds: 900 });
    if (answer === 'refused') await platform.fault({ method: 'POST', path: '/api/access/v1/oauth/token', status: 400 });
    const held = await platform.fault({ path: '/api/', hold: true });
    await platform.clearLog();
    await page.clock.setSystemTime(Date.now() + 120_000);
    await page.goto('/mfe-host/home');

    // Painted from the device while the refresh grant is still unanswered.
    await chrome.expectSignedInAs('Ada Admin');
    await expect.poll(async () => (await platform.log({ path: '/api/access/v1/oauth/token' })).map((r) => r.status)).toEqual([0]);

    await platform.removeFault(held.id);
    if (answer === 'refused') {
      // A refused refresh still ends the session.
      await expect(page).toHaveURL(/\/auth$/);
      await expect(chrome.memberName).toHaveCount(0);
      return;
    }
    // Renewed: the state calls follow with the new token, and the shell stays.
    await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
    // The log in arrival order: the grant answered, then init asked for and answered.
    const statuses = async () => {
      const log = await platform.log({ path: '/api/' });
      // A grant refused for its proof (dated by the page's moved clock) is made again at once.
      const grant = log.findIndex((r) => r.path === '/api/access/v1/oauth/token' && r.dpop !== 'invalid');
      const init = log.findIndex((r) => r.path === '/api/global-state/v1/init' && r.dpop !== 'invalid');
      return { grant: log[grant]?.status, init: log[init]?.status, initAfterGrant: init > grant };
    };
    await expect.poll(statuses).toEqual({ grant: 200, init: 200, initAfterGrant: true });
    await expect(page).toHaveURL(/\/mfe-host\/home$/);
  });
}

test.describe('served by the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a returning member’s page comes with the kept bar in it: name, tenant, brand and theme before any of its code runs', async ({ page, signedIn, platform, request }) => {
    const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
    await signedIn(page, 'admin@acme.test');
    await waitForServiceWorker(page);
    const chrome = new ShellChrome(page);
    await expect(chrome.tenantName).toHaveText(init.tenant.Name);
    await page.evaluate(() => localStorage.setItem('trust-shell.theme', 'preview-dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'preview-dark');
    await expect.poll(async () => (await keptChrome(page))?.theme).toBe('preview-dark');
    await expect.poll(() => keptBar(page)).toContain('Ada Admin');

    const frames = await recordFrames(page);
    const response = (await page.goto('/mfe-host'))!;
    expect(response.fromServiceWorker()).toBe(true);
    // The worker's document carries the server's policy, Trusted Types included.
    const policy = (await request.get('/index.html')).headers()['content-security-policy'];
    expect(policy).toContain("require-trusted-types-for 'script'; trusted-types trust-shell-html trust-shell-script-url");
    expect(await response.headerValue('content-security-policy')).toBe(policy);
    // The HTML itself carries the copy, and <html> its theme and brand.
    const html = await response.text();
    expect(html).toMatch(/<html [^>]*data-theme="preview-dark" data-color-scheme="dark"[^>]*data-brand="custom"/);
    const served = html.slice(html.indexOf('data-prepaint-root'));
    expect(served).toContain('data-prepaint="user-name">Ada Admin<');
    expect(served).toContain(`data-prepaint="tenant-name">${init.tenant.Name}<`);
    // Every stylesheet ahead of every script (the first paint waits for them), in cascade order:
    // the build's own first (as in the page without the copy), then the copy's, then the worker's.
    const built = [...(await (await request.get('/index.html')).text()).matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const loads = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]).filter((tag) => /\b(?:src|href)="[^"]+\.(?:js|css)"|kept-chrome\.css/.test(tag));
    const styles = loads.filter((tag) => /rel="stylesheet"/.test(tag)).map((tag) => /href="([^"]+)"/.exec(tag)![1]);
    expect(built.length).toBeGreaterThan(0);
    expect(styles.slice(0, built.length)).toEqual(built);
    expect(styles.at(-1)).toMatch(/^\/kept-chrome\.css\?/);
    expect(new Set(styles).size).toBe(styles.length);
    expect(loads.findIndex((tag) => !/rel="stylesheet"/.test(tag))).toBe(styles.length);
    // Of the page's code, only its first script: the app's files are asked for once the bar is on
    // screen (preloaded, their parsing took the cores the bar's first frame needed).
    expect(loads.filter((tag) => !/rel="stylesheet"/.test(tag)).map((tag) => /\b(?:rel|type)="([^"]+)"/.exec(tag)?.[1])).toEqual(['module']);
    // Its stylesheet gives <html> the brand's colours.
    const href = /<link rel="stylesheet" href="(\/kept-chrome\.css\?[^"]+)">/.exec(html)![1]!.replaceAll('&amp;', '&');
    const css = await page.evaluate((h) => fetch(h).then((r) => r.text()), href);
    expect(css.toLowerCase()).toContain(`--brand-primary:${init.branding.primaryColor.toLowerCase()};`);

    // The live chrome takes the copy's place; the page adopted it first (its colours on <html>'s own style).
    await chrome.expectSignedInAs('Ada Admin');
    await expect(new PrePaint(page).root).toHaveCount(0);
    expect(await brandVar(page, '--brand-primary')).toBe(init.branding.primaryColor);
    await expect(page.locator(`link[href^="/kept-chrome.css"]`)).toHaveCount(0);
    // The first script and the app's lazy code find the served links: each stylesheet is linked once.
    const linked = await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')));
    expect(linked.length).toBeGreaterThan(1);
    expect(linked.filter((href, i) => linked.indexOf(href) !== i)).toEqual([]);
    expect(await prePaintDecision(page)).toBe(true);
    // The name came with the HTML (above), so before any script of the page ran (all are modules,
    // run once it is parsed), the app's too; from then on it never left, the loading display never
    // showed and the brand never changed.
    const first = frames.findIndex((f) => f.prePainted && f.text.includes('Ada Admin'));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(frames[first]!.appRan).toBe(false);
    const after = frames.slice(first);
    expect(after.filter((f) => !(f.prePainted || f.memberShown) || f.loading || f.brand !== 'custom').map((f) => f.text.slice(0, 120))).toEqual([]);
  });

  test('the served page asks for the app’s code at once, beside the pre-paint’s check of its copy, not once that check is done', async ({ page, signedIn }) => {
    await signedIn(page, 'admin@acme.test');
    await waitForServiceWorker(page);
    await expect.poll(() => keptBar(page)).toContain('Ada Admin');
    const response = (await page.goto('/mfe-host'))!;
    expect(response.fromServiceWorker()).toBe(true);
    await new ShellChrome(page).expectSignedInAs('Ada Admin');
    expect(await prePaintDecision(page)).toBe(true);
    // The copy was on screen with the page's first frame: the app's files need not wait for its check.
    const asked = await page.evaluate(() => {
      const checked = performance.getEntriesByName('trust-shell:pre-paint')[0]?.startTime ?? 0;
      const app = performance.getEntriesByType('resource').find((e) => /\/assets\/main-[^/]+\.js$/.test(e.name));
      return app ? (app.startTime < checked ? 'before the check' : 'after the check') : 'never';
    });
    expect(asked).toBe('before the check');
  });

  test('the kept bar of another member (or tenant) is never served', async ({ page, signedIn }) => {
    const chrome = await anotherMembersCopyStored(page, signedIn);
    await waitForServiceWorker(page);
    const frames = await recordFrames(page);
    const response = (await page.goto('/mfe-host'))!;
    expect(response.fromServiceWorker()).toBe(true);
    const html = await response.text();
    expect(html).not.toContain('data-prepaint');
    expect(html).not.toMatch(/Ada Admin|Acme Corp/);
    await expect(chrome.tenantName).toContainText('Initech (trial)');
    const leaked = frames.filter((f) => f.prePainted || /Ada Admin|Acme Corp/.test(f.text));
    expect(leaked.map((f) => f.text.slice(0, 200))).toEqual([]);
  });
});
