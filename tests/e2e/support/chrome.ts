import { expect, type Page } from '@playwright/test';
import { en } from '../fixtures.ts';

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

/** Opens the date and time preferences dialog from the avatar menu (`texts`: the catalogue on screen). */
export async function openPreferences(page: Page, texts: Record<string, string> = en): Promise<void> {
  const name = texts.DateTimePreferences!;
  const dialog = page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
  // Right after a language switch the open menu is laid out again (new texts, another side): a click
  // can meet another part of it, and nothing opens (seen once in a CI-faithful run, the menu still
  // open on Preferences). Click again while no dialog has come.
  await expect(async () => {
    if (await dialog.isVisible()) return;
    await openUserMenu(page, texts.UserMenu);
    await page.getByRole('menuitem', { name: texts.Preferences }).click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Below 1024 px the scope switchers sit in a panel behind one button: opens it when it is there. */
export async function openScopePanel(page: Page, texts: Record<string, string> = en): Promise<void> {
  const toggle = page.getByRole('button', { name: new RegExp(`^${texts.Tenant}, `) });
  // The top bar first: right after a sign-in the URL changes before the chrome is drawn, and a
  // toggle not yet there would read as a wide screen's (no panel).
  await expect(page.getByRole('button', { name: new RegExp(`^${texts.UserMenu}`) })).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Picks a language (by its own name) or a theme (by its label) in the avatar menu. */
export async function pickInUserMenu(page: Page, name: string, label: string = en.UserMenu!): Promise<void> {
  const item = page.getByRole('menuitemradio', { name, exact: true });
  // The menu can close under the pointer when the previous pick re-renders the chrome (a new
  // language flips the direction): open it again and retry, rather than wait on a closed menu.
  await expect(async () => {
    await openUserMenu(page, label);
    await item.click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
