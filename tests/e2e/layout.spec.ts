import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en, ar } from './support/catalogues.ts';
import { axeViolations } from './support/axe.ts';
import { Dialog, ShellChrome } from './support/pages.ts';
import { bannerControls, barCollisions, pickerOverlaps, titleChipEdgeContrast } from './support/layout.ts';

/**
 * The signed-in chrome at a desktop and a phone width: one row, no sideways scroll, content kept off
 * the window's edges, every control reachable by keyboard, axe clean with each menu open.
 */
const desktop = { width: 1280, height: 800 };
const phone = { width: 360, height: 740 };

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

/** Where the first visible content of the main landmark starts and ends (px from the left edge). */
const firstContentOfMain = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')!;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const shown =
        node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '').trim() !== '' : ['INPUT', 'IMG', 'BUTTON', 'SELECT', 'TEXTAREA'].includes((node as Element).tagName);
      if (!shown) continue;
      // A text's own block (glyphs may overhang their box by a pixel).
      const rect = (node.nodeType === Node.TEXT_NODE ? node.parentElement! : (node as Element)).getBoundingClientRect();
      // Visually hidden texts (1 px, clipped) are no content anyone sees.
      if (rect.width > 1 && rect.height > 1) return { left: rect.left, right: document.documentElement.clientWidth - rect.right };
    }
    return null;
  });

/** Tab through the bar, then the avatar menu by keyboard: every control reached, each with a visible focus ring. */
async function keyboardReachesEveryControl(page: Page): Promise<void> {
  await page.locator('body').focus();
  const focusedName = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
    });
  // Tab through the bar (opening the phone's scope panel on the way) until focus leaves it.
  const reached: string[] = [];
  const ringless: string[] = [];
  // A focus ring anyone can see: a solid outline of at least 2 px.
  const ringShown = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    });
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press('Tab');
    const inBar = await page.evaluate(() => Boolean(document.activeElement?.closest('header')));
    const name = await focusedName();
    if (!inBar && reached.length > 0) break;
    if (!inBar) continue;
    reached.push(name);
    if (!(await ringShown())) ringless.push(name);
    if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))) === 'false' && (await page.evaluate(() => document.activeElement?.hasAttribute('data-scope-toggle')))) {
      await page.keyboard.press('Enter');
    }
  }
  const joined = reached.join('\n');
  for (const expected of [en.SwitchTenant!, en.SwitchOrganisationGroup!, en.Organisation!, en.UserMenu!]) expect(joined, expected).toContain(expected);
  expect(ringless, 'controls without a visible focus ring').toEqual([]);

  // The avatar menu by keyboard: Enter opens it; the arrows reach every item.
  await page.keyboard.press('Escape');
  const userButton = new ShellChrome(page).userMenuButton;
  await userButton.focus();
  await page.keyboard.press('Enter');
  const items: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const { name, ring } = await page.evaluate(() => {
      const menu = document.querySelector('[role="menu"]:focus, [role="menu"]:focus-within');
      const active = menu?.querySelector('[data-highlighted]');
      const style = active ? getComputedStyle(active) : null;
      return { name: active?.textContent?.trim() ?? '', ring: style !== null && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
    });
    if (name && items.includes(name)) break;
    if (name && !ring) ringless.push(name);
    if (name) items.push(name);
    await page.keyboard.press('ArrowDown');
  }
  for (const expected of [en.Preferences!, 'English', 'العربية', en.ThemeDefault!, en.ThemePreviewDark!, en.SignOut!]) {
    expect(items.some((item) => item.includes(expected)), `${expected} in ${items.join(' | ')}`).toBe(true);
  }
  expect(items.some((item) => item.includes('Auditor') || item.includes('Admin'))).toBe(true);
  expect(ringless, 'menu items without a visible focus ring').toEqual([]);
}

/** Axe with each menu open, light and dark, ltr and rtl. */
async function axeWithEachMenuOpen(page: Page, viewport: { width: number; height: number }): Promise<void> {
  // Every menu in one theme per direction (light ltr, dark rtl); the avatar menu in all four: the
  // pairs cover each theme and each direction at half the axe runs.
  const checkAll = async (label: string, c: Record<string, string>, everyMenu: boolean) => {
    // The brand's title chip stands out from the bar (from 640 px, where it shows), in every theme.
    const chip = await titleChipEdgeContrast(page);
    if (viewport.width > 640) expect(chip, `${label}: title chip against the bar`).toBeGreaterThanOrEqual(3);
    const chrome = new ShellChrome(page, c);
    await chrome.openUserMenu();
    expect(await axeViolations(page), `${label}: user menu`).toEqual([]);
    await page.keyboard.press('Escape');
    if (!everyMenu) return;
    const toggle = page.locator('[data-scope-toggle]');
    await chrome.openScope();
    if (await toggle.isVisible()) {
      // Every level of the panel has a visible label, and every switcher a name.
      const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      for (const level of [c.Tenant!, c.OrganisationGroup!, c.Organisation!]) await expect(panel.getByText(level, { exact: true }), level).toBeVisible();
      for (const name of [c.SwitchTenant!, c.SwitchOrganisationGroup!, c.Organisation!]) await expect(panel.getByRole('button', { name: new RegExp(name) }), name).toBeVisible();
      expect(await axeViolations(page), `${label}: scope panel`).toEqual([]);
    }
    await chrome.organisationGroups.click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await axeViolations(page), `${label}: organisation groups`).toEqual([]);
    await page.keyboard.press('Escape');
    await chrome.openScope();
    await chrome.organisationPicker.click();
    await expect(page.getByRole('tree')).toBeVisible();
    expect(await pickerOverlaps(page), `${label}: organisation picker`).toEqual([]);
    expect(await axeViolations(page), `${label}: organisation picker`).toEqual([]);
    await page.keyboard.press('Escape');
    await chrome.openScope();
    await (await chrome.openTenantSwitcher()).expectOpen();
    expect(await axeViolations(page), `${label}: tenants`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
  await test.step('ltr', async () => {
    await checkAll('light ltr', en, true);
    await new ShellChrome(page).chooseDarkScheme();
    await checkAll('dark ltr', en, false);
  });
  // The member then turns to Arabic in the same session, back in the light scheme first.
  await test.step('rtl', async () => {
    await new ShellChrome(page).pick(en.ThemeDefault!);
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'light');
    await new ShellChrome(page).pick('العربية');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await checkAll('light rtl', ar, false);
    await new ShellChrome(page, ar).chooseDarkScheme();
    await checkAll('dark rtl', ar, true);
  });
}

test.describe('layout', () => {
  test('at 1280 px: a one-row banner, nothing in the bar overlaps offline, keyboard reaches all, axe clean with each menu', async ({ context, page, signedIn }) => {
    await page.setViewportSize(desktop);
    await signedIn(page, 'admin@acme.test');
    await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
    await test.step('at 1280 px the banner is one row of at most 64 px, no control wraps, no native select; main content is off the edge', async () => {
      const bar = page.getByRole('banner');
      expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(64);
      const controls = await bannerControls(page);
      expect(controls.length).toBeGreaterThan(3);
      expect(controls.filter((c) => !c.inside || c.wrapped)).toEqual([]);
      await expect(bar.locator('select')).toHaveCount(0);
      const first = await firstContentOfMain(page);
      expect(first!.left).toBeGreaterThanOrEqual(16);
      // The banner area sits between the bar and the content.
      const release = page.getByRole('region', { name: /Release 5\.3 is live/ });
      const barBottom = (await bar.boundingBox())!.y + (await bar.boundingBox())!.height;
      const bannerBox = (await release.boundingBox())!;
      expect(bannerBox.y).toBeGreaterThanOrEqual(barBottom - 1);
      expect(bannerBox.y).toBeLessThan((await box(page, 'main')).y);
      // On a wide screen the content keeps a readable width (80rem at most), centred.
      await page.setViewportSize({ width: 1920, height: 900 });
      const content = (await page.getByRole('main').locator('> *').first().boundingBox())!;
      expect(content.width).toBeLessThanOrEqual(1280);
      expect(Math.abs(content.x - (1920 - content.x - content.width))).toBeLessThanOrEqual(16);
    });
    await test.step('at 1280 px the keyboard reaches every chrome control', async () => {
      await page.setViewportSize(desktop);
      await keyboardReachesEveryControl(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
    });
    await test.step('at 1280 px, offline with a write waiting, no part of the bar covers another: the trail’s names give way', async () => {
      const chrome = new ShellChrome(page);
      await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
      await expect(chrome.clock).toBeVisible();
      expect(await barCollisions(page)).toEqual([]);
      // Offline, a saved preference waits on this device: the offline chip and the writes indicator join the bar.
      // The dialog opens online (no service worker here to have its code), the save is made offline.
      await chrome.saveTimeFormat('24Hour', { offline: context });
      await expect(chrome.pendingWrites(1)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('banner').getByText(en.Offline!)).toBeVisible();
      expect(await barCollisions(page)).toEqual([]);
    });
    await test.step('at 1280 px axe finds nothing with each menu open, light and dark, ltr and rtl', async () => {
      // Back online: the waiting write is sent, and the bar is as it was.
      await context.setOffline(false);
      await expect(new ShellChrome(page).writesIndicator).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByRole('banner').getByText(en.Offline!)).toBeHidden();
      await axeWithEachMenuOpen(page, desktop);
    });
  });

  test('at 360 px nothing scrolls sideways and the bar is one row of at most 56 px; in Arabic content is off the right edge', async ({ page, signedIn }) => {
    await page.setViewportSize(phone);
    await signedIn(page, 'admin@acme.test');
    await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
    expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(56);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect((await firstContentOfMain(page))!.left).toBeGreaterThanOrEqual(16);
    await new ShellChrome(page).signOut();

    await page.setViewportSize(desktop);
    await signedIn(page, 'arabic@acme.test');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('example-remote-user')).not.toBeEmpty();
    expect((await firstContentOfMain(page))!.right).toBeGreaterThanOrEqual(16);
    // The breadcrumb's arrows point the way it reads: i18n.spec compares the arrow as drawn in ltr
    // and rtl (its CSS character is the same in both; the browser mirrors it).
    await page.setViewportSize(phone);
    expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(56);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect((await firstContentOfMain(page))!.right).toBeGreaterThanOrEqual(16);
  });

  test('at 360 px the keyboard reaches every chrome control, axe clean with each menu, light and dark, ltr and rtl', async ({ page, signedIn }) => {
    await page.setViewportSize(phone);
    await signedIn(page, 'admin@acme.test');
    await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
    await test.step('at 360 px the keyboard reaches every chrome control', async () => {
      await keyboardReachesEveryControl(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
    });
    await test.step('at 360 px axe finds nothing with each menu open, light and dark, ltr and rtl', async () => {
      await axeWithEachMenuOpen(page, phone);
    });
  });
});

test.describe('installed app', () => {
  test('the app badge counts the waiting writes and is cleared when they are sent and at sign-out', async ({ context, page, signedIn, platform }) => {
    // The calls are kept on the test's side, so the ones made just before a navigation count too.
    const recorded: string[] = [];
    await page.exposeFunction('recordBadge', (call: string) => void recorded.push(call));
    await page.addInitScript(() => {
      const record = (window as unknown as { recordBadge: (call: string) => Promise<void> }).recordBadge;
      Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: (n?: number) => record(`set ${n ?? ''}`) });
      Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: () => record('clear') });
    });
    const calls = () => Promise.resolve([...recorded]);
    await signedIn(page, 'admin@acme.test');
    await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
    const chrome = new ShellChrome(page);
    await chrome.saveTimeFormat('24Hour', { offline: context });
    await expect.poll(calls).toContain('set 1');
    await context.setOffline(false);
    await expect.poll(async () => (await calls()).at(-1)).toBe('clear');
    // Waiting again (the platform's gateway fails the save, so it waits), then sign-out clears the badge.
    await platform.fault({ method: 'PUT', path: '/api/globalization/v1/ui-settings/user/', status: 503 });
    await chrome.saveTimeFormat('12Hour');
    await expect.poll(async () => (await calls()).at(-1)).toBe('set 1');
    recorded.length = 0;
    await chrome.signOut();
    // A write still waits: the sign-out asks first, and discarding it signs out.
    await new Dialog(page, en.SignOutPendingTitle!, 'alertdialog').choose(en.SignOutDiscard!);
    await expect(page).toHaveURL(/\/auth/);
    expect(await calls()).toContain('clear');
  });
});
