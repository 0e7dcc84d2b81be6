import { expect, type Locator, type Page } from '@playwright/test';
import { en } from './catalogues.ts';

/**
 * Opens the top bar's avatar (user) menu, where language, theme, preferences, role and sign-out
 * live; `label` is the menu's name in the language on screen.
 */
export async function openUserMenu(page: Page, label: string = en.UserMenu!): Promise<void> {
  const menu = page.getByRole('menu', { name: new RegExp(`^${label}`) });
  const trigger = page.getByRole('button', { name: new RegExp(`^${label}`) });
  // A menu on its way out (just picked from, or re-rendered by a language switch) is still in view
  // for a moment: only an open trigger says it stays open.
  if ((await trigger.getAttribute('aria-expanded')) === 'true' && (await menu.isVisible())) return;
  await trigger.click();
  await expect(menu).toBeVisible();
}

/** Below 1024 px the scope switchers sit in a panel behind one button: opens it when it is there. */
export async function openScopePanel(page: Page, texts: Record<string, string> = en): Promise<void> {
  const toggle = page.getByRole('button', { name: new RegExp(`^${texts.Tenant}, `) });
  // The top bar first: right after a sign-in the URL changes before the chrome is drawn, and a
  // toggle not yet there would read as a wide screen's (no panel).
  await expect(page.getByRole('button', { name: new RegExp(`^${texts.UserMenu}`) })).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/**
 * Clicks `item` in the avatar menu, opening the menu first. Right after a pick re-renders the chrome
 * (a new language changes its texts and flips its side) the menu can close under the pointer, or be
 * laid out again between Playwright's aim and its click, which then meets another part of it: the
 * menu is opened again and the click retried, until it took (the menu closed; with `opens`, that is then waited for;
 * seen once in a CI-faithful run: the menu still open on Preferences, no dialog).
 */
export async function clickInUserMenu(page: Page, item: Locator, label: string = en.UserMenu!, opens?: Locator): Promise<void> {
  const menu = page.getByRole('menu', { name: new RegExp(`^${label}`) });
  await expect(async () => {
    if (opens && (await opens.isVisible())) return;
    await openUserMenu(page, label);
    await item.click({ timeout: 5_000 });
    // The click took once the menu has closed; then only what it opens may still be loading, and
    // opening the menu again would click outside that dialog and dismiss it (seen under CI load).
    if (opens) await expect(menu).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  if (opens) await expect(opens).toBeVisible({ timeout: 20_000 });
}

/** Picks a language (by its own name) or a theme (by its label) in the avatar menu. */
export async function pickInUserMenu(page: Page, name: string, label: string = en.UserMenu!): Promise<void> {
  await clickInUserMenu(page, page.getByRole('menuitemradio', { name, exact: true }), label);
}
