import { expect, type Page } from '@playwright/test';
import { en } from '../fixtures.ts';

/**
 * Opens the top bar's avatar (user) menu, where language, theme, preferences, role and sign-out
 * live; `label` is the menu's name in the language on screen.
 */
export async function openUserMenu(page: Page, label: string = en.UserMenu!): Promise<void> {
  const menu = page.getByRole('menu', { name: new RegExp(`^${label}`) });
  if (await menu.isVisible()) return;
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await expect(menu).toBeVisible();
}

/** Opens the date and time preferences dialog from the avatar menu (`texts`: the catalogue on screen). */
export async function openPreferences(page: Page, texts: Record<string, string> = en): Promise<void> {
  await openUserMenu(page, texts.UserMenu);
  await page.getByRole('menuitem', { name: texts.Preferences }).click();
}

/** Below 1024 px the scope switchers sit in a panel behind one button: opens it when it is there. */
export async function openScopePanel(page: Page, texts: Record<string, string> = en): Promise<void> {
  const toggle = page.getByRole('button', { name: new RegExp(`^${texts.Tenant}, `) });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Picks a language (by its own name) or a theme (by its label) in the avatar menu. */
export async function pickInUserMenu(page: Page, name: string, label: string = en.UserMenu!): Promise<void> {
  await openUserMenu(page, label);
  await page.getByRole('menuitemradio', { name, exact: true }).click();
}
