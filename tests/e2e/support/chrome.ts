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

/** Opens the date and time preferences dialog from the avatar menu. */
export async function openPreferences(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: en.Preferences }).click();
}

/** Picks a language (by its own name) or a theme (by its label) in the avatar menu. */
export async function pickInUserMenu(page: Page, name: string, label: string = en.UserMenu!): Promise<void> {
  await openUserMenu(page, label);
  await page.getByRole('menuitemradio', { name, exact: true }).click();
}
