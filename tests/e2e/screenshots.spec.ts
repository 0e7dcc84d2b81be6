import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en, ar } from './support/catalogues.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { pickerOverlaps, sidewaysScroll } from './support/layout.ts';
import { shoot } from './support/screenshots.ts';

/**
 * Screenshots for a person to look at (never compared pixel by pixel): the signed-in shell, the
 * sign-in page, the 404 page, a modal and the organisation picker at 360, 768 and 1280 px, light
 * and dark, and in Arabic. They land in this test's output folder (test-results/…). Cheap by
 * design: one browser context, the viewport resized in place, one sign-in per theme and language.
 */
const widths = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

/** At each width: the shell, its avatar menu, the organisation picker open, and a modal (the tenant switcher). */
async function shellScreens(page: Page, testInfo: TestInfo, variant: string, texts: Record<string, string>): Promise<void> {
  const chrome = new ShellChrome(page, texts);
  for (const size of widths) {
    await page.setViewportSize(size);
    await expect(page.getByTestId('example-remote-user')).not.toBeEmpty();
    await shoot(page, testInfo, `${variant}-shell-${size.width}`);
    await chrome.openUserMenu();
    await shoot(page, testInfo, `${variant}-avatar-menu-${size.width}`);
    await page.keyboard.press('Escape');
    const toggle = page.locator('[data-scope-toggle]');
    if (await toggle.isVisible()) await toggle.click();
    await chrome.organisationPicker.click();
    await expect(page.getByRole('tree')).toBeVisible();
    // A short list leaves no empty space: the tree is as tall as its rows, right under the search
    // field (the empty status line takes no room).
    expect(await page.getByRole('tree').evaluate((tree) => tree.clientHeight - (tree.firstElementChild as HTMLElement).offsetHeight)).toBeLessThanOrEqual(0);
    const search = (await page.getByRole('searchbox').boundingBox())!;
    expect((await page.getByRole('tree').boundingBox())!.y - (search.y + search.height)).toBeLessThanOrEqual(12);
    // The picker covers none of the bar's controls and sits wholly inside the phone's scope panel, or clear of it.
    expect(await pickerOverlaps(page), `${variant} at ${size.width} px`).toEqual([]);
    await shoot(page, testInfo, `${variant}-organisation-picker-${size.width}`);
    await page.keyboard.press('Escape');
    await (await chrome.openTenantSwitcher()).expectOpen();
    await shoot(page, testInfo, `${variant}-modal-${size.width}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  }
}

async function pageScreens(page: Page, testInfo: TestInfo, variant: string, path: string, ready: string, name: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: ready })).toBeVisible();
  for (const size of widths) {
    await page.setViewportSize(size);
    await shoot(page, testInfo, `${variant}-${name}-${size.width}`);
  }
}

/** The toasts, one of each kind (the UI kit's buttons), at a phone's and a desktop's width. */
async function toastScreens(page: Page, testInfo: TestInfo, variant: string, texts: Record<string, string>): Promise<void> {
  await page.goto('/ui-kit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const size of [widths[0]!, widths[2]!]) {
    await page.setViewportSize(size);
    for (const key of ['UiKitToastInfo', 'UiKitToastSuccess', 'UiKitToastWarning', 'UiKitToastError']) {
      await page.getByRole('button', { name: texts[key] ?? en[key] }).click();
    }
    await expect(page.locator('[data-toast-id]')).toHaveCount(4);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await shoot(page, testInfo, `${variant}-toasts-${size.width}`);
    await page.evaluate(() => document.querySelectorAll<HTMLElement>('[data-toast-id] .toast__close').forEach((close) => close.click()));
    await expect(page.locator('[data-toast-id]')).toHaveCount(0);
  }
}

// Three tests (light, dark, Arabic) rather than one, so they run side by side on the workers.
for (const variant of ['light', 'dark'] as const) {
  test(`screenshots in ${variant}: sign-in, 404, the shell, menus, picker, a modal and toasts at three widths`, async ({ page }, testInfo) => {
    test.slow(); // 18 screenshots and a sign-in
    if (variant === 'dark') {
      await page.goto('/auth');
      await page.evaluate(() => localStorage.setItem('trust-shell.theme', 'preview-dark'));
    }
    await pageScreens(page, testInfo, variant, '/auth', en.SignIn!, 'sign-in');
    await pageScreens(page, testInfo, variant, '/404', en.PageNotFound!, '404');
    await page.goto('/auth');
    await new SignInPage(page).submit('admin@acme.test');
    await expect(page).toHaveURL(/\/mfe-host/);
    if (variant === 'dark') await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await shellScreens(page, testInfo, variant, en);
    await toastScreens(page, testInfo, variant, en);
    if (variant === 'light') {
      // Reduced motion is respected: the UI kit's spinners turn only for members who allow motion.
      const running = () => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await expect.poll(running).toBeGreaterThan(0);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect.poll(running).toBe(0);
    }
  });
}

test('screenshots in Arabic: the shell, its menus, the organisation picker, a modal, toasts, 404 and sign-in at three widths', async ({ page }, testInfo) => {
  test.slow(); // 18 screenshots and a sign-in
  // The member's language, right to left.
  await page.goto('/auth');
  await new SignInPage(page).submit('admin@acme.test');
  await expect(page).toHaveURL(/\/mfe-host/);
  await new ShellChrome(page).pick('العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shellScreens(page, testInfo, 'arabic', ar);
  await pageScreens(page, testInfo, 'arabic', '/404', ar.PageNotFound!, '404');
  await toastScreens(page, testInfo, 'arabic', ar);
  await page.goto('/mfe-host');
  await new ShellChrome(page, ar).signOut();
  await expect(page).toHaveURL(/\/auth/);
  await pageScreens(page, testInfo, 'arabic', '/auth', ar.SignIn!, 'sign-in');
});
