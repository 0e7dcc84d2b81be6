import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en, ar } from './support/catalogues.ts';
import { axeViolations } from './support/axe.ts';
import { ShellChrome } from './support/pages.ts';

// The shown date-time is computed here in UTC, so the browser runs in UTC too.
test.use({ timezoneId: 'UTC' });

const userPreferencesPath = '/api/globalization/v1/ui-settings/user/';
const organisationPath = '/api/globalization/v1/ui-settings';

const pad = (n: number) => String(n).padStart(2, '0');

/** The contract's formats, computed independently of the app (UTC). */
function shown(date: Date, dateFormat: 'MM/DD/YYYY' | 'DD.MM.YYYY', timeFormat: '12Hour' | '24Hour' | 'DoNotDisplay'): string {
  const [y, m, d] = [date.getUTCFullYear(), pad(date.getUTCMonth() + 1), pad(date.getUTCDate())];
  const day = dateFormat === 'MM/DD/YYYY' ? `${m}/${d}/${y}` : `${d}.${m}.${y}`;
  const hours = date.getUTCHours();
  const minutes = pad(date.getUTCMinutes());
  if (timeFormat === 'DoNotDisplay') return day;
  if (timeFormat === '24Hour') return `${day} ${pad(hours)}:${minutes}`;
  return `${day} ${pad(((hours + 11) % 12) + 1)}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * A fixed "now" (this minute, so issued tokens stay valid): the shell's clock and the preview show
 * exactly this. Timers keep running; only Date is fixed.
 */
async function fixTime(page: Page): Promise<Date> {
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  await page.clock.setFixedTime(now);
  return now;
}

async function openPreferences(page: Page) {
  const dialog = await new ShellChrome(page).openPreferences();
  await dialog.expectOpen();
  return dialog;
}

test.describe('date and time preferences', () => {
  test('a saved time format changes what the shell shows and survives a reload', async ({ page, signedIn, platform }) => {
    const now = await fixTime(page);
    await signedIn(page, 'admin@acme.test');
    const chrome = new ShellChrome(page);
    const clock = chrome.clock;
    await expect(clock).toHaveText(shown(now, 'MM/DD/YYYY', '12Hour'));

    const dialog = await openPreferences(page);
    const mine = dialog.root.getByRole('form', { name: en.YourPreferences });
    await expect(mine.getByLabel(en.TimeFormat!)).toHaveValue('12Hour');
    await mine.getByLabel(en.TimeFormat!).selectOption('24Hour');
    // The live preview follows the choice before anything is saved.
    await expect(mine.locator('output')).toHaveText(shown(now, 'MM/DD/YYYY', '24Hour'));
    await expect(clock).toHaveText(shown(now, 'MM/DD/YYYY', '12Hour'));
    await mine.getByRole('button', { name: en.Save, exact: true }).click();

    await dialog.expectClosed();
    // Focus goes back to the avatar menu's button, which opened the dialog.
    await expect(chrome.userMenuButton).toBeFocused();
    await expect(clock).toHaveText(shown(now, 'MM/DD/YYYY', '24Hour'));
    await expect(page.getByRole('status').filter({ hasText: en.PreferencesSaved! })).toBeVisible();
    const puts = await platform.log({ path: userPreferencesPath, method: 'PUT' });
    expect(puts).toHaveLength(1);
    expect(puts[0]!.status).toBe(204);
    expect(puts[0]!.body).toEqual([
      { key: 'dateFormat', value: 'MM/DD/YYYY' },
      { key: 'timeFormat', value: '24Hour' },
    ]);

    await page.reload();
    await expect(clock).toHaveText(shown(now, 'MM/DD/YYYY', '24Hour'));
    const reads = await platform.log({ path: userPreferencesPath, method: 'POST' });
    expect(reads.at(-1)?.body).toEqual(['dateFormat', 'timeFormat']);
  });

  test('without UiSettingsEdit there is no organisation section; DoNotDisplay hides the time in the shell', async ({ page, signedIn, platform }) => {
    const now = await fixTime(page);
    await signedIn(page, 'basic@acme.test');
    const chrome = new ShellChrome(page);
    const dialog = await openPreferences(page);
    const mine = dialog.root.getByRole('form', { name: en.YourPreferences });
    await expect(mine).toBeVisible();
    await expect(dialog.root.getByRole('form', { name: en.OrganisationDefaults })).toHaveCount(0);
    expect(await platform.log({ path: organisationPath, method: 'GET' })).toEqual([]);

    await mine.getByLabel(en.DateFormat!).selectOption('DD.MM.YYYY');
    await mine.getByLabel(en.TimeFormat!).selectOption('DoNotDisplay');
    await expect(mine.locator('output')).toHaveText(shown(now, 'DD.MM.YYYY', 'DoNotDisplay'));
    await mine.getByRole('button', { name: en.Save, exact: true }).click();
    await dialog.expectClosed();
    await expect(chrome.clock).toHaveText(shown(now, 'DD.MM.YYYY', 'DoNotDisplay'));
  });

  test('a failed save keeps the values; organisation defaults (UiSettingsEdit, axe clean) change a member who never chose', async ({ page, signedIn, platform }) => {
    const now = await fixTime(page);
    await signedIn(page, 'admin@acme.test');
    const chrome = new ShellChrome(page);
    await test.step('a failed save shows an error toast and keeps the previous values', async () => {
      await platform.fault({ method: 'PUT', path: userPreferencesPath, status: 500 });
      const dialog = await openPreferences(page);
      const mine = dialog.root.getByRole('form', { name: en.YourPreferences });
      await mine.getByLabel(en.TimeFormat!).selectOption('24Hour');
      await mine.getByRole('button', { name: en.Save, exact: true }).click();
      // The error toast, and (the modal hides the page from assistive technology) the dialog's own alert.
      await expect(page.locator('[data-toast-id]').filter({ hasText: en.PreferencesSaveFailed! })).toBeVisible();
      await expect(dialog.root.getByRole('alert')).toHaveText(en.PreferencesSaveFailed!);
      await dialog.expectOpen();
      await expect(mine.getByLabel(en.TimeFormat!)).toHaveValue('24Hour');
      await expect(chrome.clock).toHaveText(shown(now, 'MM/DD/YYYY', '12Hour'));
      await page.keyboard.press('Escape');
      await dialog.expectClosed();
      await expect(chrome.clock).toHaveText(shown(now, 'MM/DD/YYYY', '12Hour'));
    });
    await test.step('organisation defaults: only with UiSettingsEdit, axe clean; saving them changes a member who never chose', async () => {
      // The failed save is not the member's choice; only this step's calls are counted.
      await platform.clearFaults();
      await platform.clearLog();
      const dialog = await openPreferences(page);
      const organisation = dialog.root.getByRole('form', { name: en.OrganisationDefaults });
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(dialog.root.getByRole('form', { name: en.YourPreferences })).toBeVisible();
      await expect(organisation.getByLabel(en.DateFormat!)).toHaveValue('MM/DD/YYYY');
      await expect(organisation.getByLabel(en.DateFormat!)).toBeEnabled();
      // The dialog itself (axe's page-level rules misread the page behind a modal, hidden on purpose).
      expect(await axeViolations(page, '[role="dialog"]'), 'ltr').toEqual([]);
      expect((await platform.log({ path: organisationPath, method: 'GET' })).map((r) => r.query.key).sort()).toEqual(['dateFormat', 'timeFormat']);

      await organisation.getByLabel(en.DateFormat!).selectOption('DD.MM.YYYY');
      await organisation.getByLabel(en.TimeFormat!).selectOption('24Hour');
      await organisation.getByRole('button', { name: en.SaveOrganisationDefaults }).click();
      await expect(organisation.getByText(en.OrganisationDefaultsSaved!)).toBeVisible();
      const [put] = await platform.log({ path: organisationPath, method: 'PUT' });
      expect(put?.body).toEqual([
        { key: 'dateFormat', value: 'DD.MM.YYYY' },
        { key: 'timeFormat', value: '24Hour' },
      ]);
      // The admin never saved their own formats: the organisation's now apply to them.
      await expect(chrome.clock).toHaveText(shown(now, 'DD.MM.YYYY', '24Hour'));
    });
  });

  test('an unsaved choice survives a failed save and a reload, until it is saved or discarded', async ({ page, signedIn, platform }) => {
    await signedIn(page, 'admin@acme.test');
    await platform.fault({ method: 'PUT', path: userPreferencesPath, status: 500 });
    let dialog = await openPreferences(page);
    let mine = dialog.root.getByRole('form', { name: en.YourPreferences });
    await mine.getByLabel(en.TimeFormat!).selectOption('24Hour');
    await mine.getByRole('button', { name: en.Save, exact: true }).click();
    await expect(dialog.root.getByRole('alert')).toHaveText(en.PreferencesSaveFailed!);

    await page.reload();
    dialog = await openPreferences(page);
    mine = dialog.root.getByRole('form', { name: en.YourPreferences });
    await expect(mine.getByLabel(en.TimeFormat!)).toHaveValue('24Hour');
    await expect(mine.locator('p[role="status"]')).toHaveText(en.DraftRestored!);

    await platform.clearFaults();
    await mine.getByRole('button', { name: en.Save, exact: true }).click();
    await dialog.expectClosed();
    const puts = (await platform.log({ path: userPreferencesPath, method: 'PUT' })).filter((r) => r.status === 204);
    expect(puts).toHaveLength(1);

    // Sent: nothing to restore. A new change closed without saving is discarded.
    dialog = await openPreferences(page);
    mine = dialog.root.getByRole('form', { name: en.YourPreferences });
    await expect(mine.getByLabel(en.TimeFormat!)).toHaveValue('24Hour');
    await expect(mine.locator('p[role="status"]')).toBeEmpty();
    await mine.getByLabel(en.TimeFormat!).selectOption('DoNotDisplay');
    await dialog.button(en.Close!).last().click();
    await dialog.expectClosed();
    await page.reload();
    dialog = await openPreferences(page);
    mine = dialog.root.getByRole('form', { name: en.YourPreferences });
    await expect(mine.getByLabel(en.TimeFormat!)).toHaveValue('24Hour');
    await expect(mine.locator('p[role="status"]')).toBeEmpty();
  });

  // The ltr dialog is checked in 'organisation defaults' above, with its organisation section.
  test('axe finds no violations on the preferences dialog (rtl)', async ({ page, signedIn }) => {
    await signedIn(page, 'arabic@acme.test');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const dialog = await new ShellChrome(page, ar).openPreferences();
    await expect(dialog.root.getByRole('form', { name: ar.YourPreferences })).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
