import { axeViolations } from './support/axe.ts';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';

/** The shared UI kit on /ui-kit: keyboard rules, answers, limits, accessibility. */

const t = (key: string, values: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));

async function openKit(page: Page) {
  await page.goto('/ui-kit');
  // The first load also starts the app (config, translations): allow for a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: en.UiKitTitle })).toBeVisible({ timeout: 15_000 });
}

test.describe('UI kit (/ui-kit)', () => {
  test('date picker and date range: typed text, a picked day, the year view, the range rules and the keyboard', async ({ page }) => {
    // One start of /ui-kit for the date controls; each step ends with the calendar closed. Playwright's
    // clock also holds animation frames: the keyboard step (last, as it leaves the clock paused) waits
    // for the calendar's first frame there.
    await page.clock.install();
    await openKit(page);
    const input = page.getByLabel(en.ChooseDate!, { exact: true }).first();
    await test.step('a picked day fills the input; typed text is parsed with the spec rules', async () => {
      const field = page.locator('.field', { has: input }).first();
      await input.fill('5/1/24');
      await input.blur();
      await expect(input).toHaveValue('05/01/2024');
      await expect(field.locator('..').getByText(t('UiKitValue', { value: '2024-05-01' }))).toBeVisible();

      await input.fill('12/31/1899');
      await input.blur();
      await expect(field.getByText(t('DateErrorMin', { min: '01/01/1900' }))).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');

      await input.fill('not a date');
      await input.blur();
      await expect(field.getByText(en.DateErrorParse!)).toBeVisible();

      // The calendar: week from Sunday, today's month; choosing a day writes it in the input format.
      await input.fill('');
      await input.press('Alt+ArrowDown');
      // Ark hides the weekday header row from screen readers (each day cell has a full label).
      await expect(page.getByRole('application').locator('th').first()).toHaveAttribute('abbr', 'Sunday');
      // Enter picks the focused day once the calendar has the focus (its first frame gives it): before
      // that, on a busy machine, Enter reached the input and the calendar stayed open (seen in CI).
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="application"]') !== null)).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('application')).toBeHidden();
      await expect(input).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    });
    await test.step('the year view pages in steps of 15 years', async () => {
      await input.fill('06/15/2010');
      await page.getByRole('button', { name: en.OpenCalendar }).first().click();
      await page.getByRole('button', { name: new RegExp(en.ChooseMonthAndYear!) }).click(); // → months
      await page.getByRole('button', { name: new RegExp(en.ChooseMonthAndYear!) }).click(); // → years
      const years = page.getByRole('group', { name: '2005 – 2019' });
      await expect(years.getByRole('button')).toHaveCount(15);
      await page.getByRole('button', { name: en.NextYears }).click();
      await expect(page.getByRole('group', { name: '2020 – 2034' })).toBeVisible();
      await page.getByRole('button', { name: '2024', exact: true }).click();
      await page.getByRole('gridcell').getByText('Mar', { exact: true }).click();
      await page.getByRole('gridcell', { name: /March 3, 2024/ }).first().click();
      await expect(input).toHaveValue('03/03/2024');
    });
    await test.step('date range: en dash, start after end is flagged on both, Backspace in an empty end goes to the start', async () => {
      const range = page.getByRole('group', { name: en.DateRange });
      const start = range.getByLabel(en.StartDate!);
      const end = range.getByLabel(en.EndDate!);
      await expect(range.getByText('\u2013', { exact: true })).toBeAttached();

      await start.fill('05/10/2024');
      await end.fill('05/01/2024');
      await end.blur();
      await start.focus();
      await start.blur();
      await expect(range.getByText(en.DateErrorStartDateInvalid!)).toBeVisible();
      await expect(range.getByText(en.DateErrorEndDateInvalid!)).toBeVisible();

      await end.fill('');
      await end.press('Backspace');
      await expect(start).toBeFocused();

      await start.press('Alt+ArrowDown');
      await expect(page.getByRole('application')).toBeVisible();
      await page.keyboard.press('Alt+ArrowUp');
      await expect(page.getByRole('application')).toBeHidden();
    });
    await test.step('Alt+Down opens, Alt+Up and Escape close, an outside click closes', async () => {
      const calendar = page.getByRole('application');
      await input.focus();
      await input.press('Alt+ArrowDown');
      await expect(calendar).toBeVisible();
      await page.keyboard.press('Alt+ArrowUp');
      await expect(calendar).toBeHidden();
      await expect(input).toBeFocused();

      await input.press('Alt+ArrowDown');
      await expect(calendar).toBeVisible();
      // A member presses Escape in the calendar once it has the focus (an Escape before that is the
      // last step's case).
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="application"]') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      await expect(calendar).toBeHidden();

      await page.getByRole('button', { name: en.OpenCalendar }).first().click();
      await expect(calendar).toBeVisible();
      await page.getByRole('heading', { level: 1 }).click();
      await expect(calendar).toBeHidden();

      // Escape or Alt+Up pressed before the calendar's first frame (a busy machine) still closes it,
      // and the focus stays on the input (the calendar's first frame does not take it).
      await input.focus();
      for (const closingKey of ['Escape', 'Alt+ArrowUp']) {
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
        await input.press('Alt+ArrowDown');
        await input.press(closingKey);
        await page.clock.runFor(100);
        await expect(calendar, closingKey).toBeHidden();
        await expect(input, closingKey).toBeFocused();
      }
    });
  });

  test('dialogs: confirm answers true, false or null; a modal has its size, traps focus, closes on Escape or backdrop', async ({ page }) => {
    // Playwright's clock also holds animation frames: the modal's focus trap waits for its first frame there.
    await page.clock.install();
    await openKit(page);
    await test.step('the confirm dialog answers true, false or null, and focus returns to its opener', async () => {
      const opener = page.getByRole('button', { name: en.UiKitOpenConfirm });
      const dialog = page.getByRole('alertdialog', { name: en.UiKitConfirmTitle });
      const result = page.locator('.ui-kit__result');

      await opener.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: en.Continue }).click();
      await expect(dialog).toBeHidden();
      await expect(result).toHaveAttribute('data-result', 'true');
      await expect(result).toHaveText(t('UiKitConfirmResult', { result: en.Continue! }));
      await expect(opener).toBeFocused();

      await opener.click();
      await dialog.getByRole('button', { name: en.Cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(result).toHaveAttribute('data-result', 'false');

      await opener.click();
      await dialog.getByRole('button', { name: en.Close }).click();
      await expect(dialog).toBeHidden();
      await expect(result).toHaveAttribute('data-result', 'null');

      await opener.click();
      // Pressed once the dialog holds the focus, as a member presses it on a dialog they see: an
      // Escape before the dialog's first frame (a busy machine) reaches no dialog, which then stays.
      await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(result).toHaveAttribute('data-result', 'null');
      await expect(opener).toBeFocused();
    });
    await test.step('a modal has its size, traps focus, and closes on Escape or a backdrop click', async () => {
      await page.setViewportSize({ width: 1600, height: 900 });
      const opener = page.getByRole('button', { name: t('UiKitOpenDialog', { size: en.UiKitSizeXSmall! }) });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: t('UiKitDialogTitle', { size: en.UiKitSizeXSmall! }) });
      await expect(dialog).toBeVisible();
      // 40rem at the default 16px root size.
      expect((await dialog.boundingBox())?.width).toBeCloseTo(640, 0);
      // Its title row and buttons row are no page landmarks: until the page behind is hidden from
      // assistive technology (the dialog's first frame) they would be a second banner and footer.
      await expect(dialog.getByRole('banner')).toHaveCount(0);
      await expect(dialog.getByRole('contentinfo')).toHaveCount(0);
      for (let i = 0; i < 4; i += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      // A click on the backdrop closes it too.
      await opener.click();
      await expect(dialog).toBeVisible();
      // Clicked once the dialog is up (its focus inside), as a member would. The dialog starts
      // listening for outside clicks on a timer, and handles one in an animation frame (Ark UI's
      // interact-outside): both are the installed clock's, run here rather than left to a busy
      // machine's pace (a click before the timer once went unheard).
      await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.clock.runFor(100);
      await page.mouse.click(10, 10);
      await page.clock.runFor(100);
      await expect(dialog).toBeHidden();

      // A Tab pressed before the dialog's first frame (a busy machine) moves focus on from the opener
      // while the focus trap is not yet up: Escape must still return focus to the opener.
      await opener.focus();
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(opener).not.toBeFocused();
      await page.clock.runFor(100);
      await expect(dialog).toBeVisible();
      await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await page.clock.runFor(100);
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });
  });

  test('themes, toasts: preview-system follows the system live; 5 toasts leave 4, close after 6 s, bottom-right (left in rtl)', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.clock.install();
    await openKit(page);
    await test.step('themes: preview-system follows the system colour scheme live; the choice is stored', async () => {
      await page.getByLabel(en.Theme!).selectOption('preview-system');
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-color-scheme', 'light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(html).toHaveAttribute('data-color-scheme', 'dark');
      expect(await page.evaluate(() => localStorage.getItem('trust-shell.theme'))).toBe('preview-system');
      // The page's colours follow on the next style update (a transition, however short, may sit between).
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 23, 25)');
    });
    await test.step('five toasts leave four: the oldest is closed first; each closes after 6000 ms; bottom-right, bottom-left in rtl', async () => {
      // The clock stands still while the five are shown, so they all open at one moment.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      const show = page.getByRole('button', { name: en.UiKitToastInfo });
      for (let i = 0; i < 5; i += 1) await show.click();
      await page.clock.runFor(100);
      const region = page.getByRole('region', { name: en.Notifications });
      await expect(region.getByRole('status')).toHaveCount(4);
      await expect(region.getByText(t('UiKitToastTitle', { n: 1 }), { exact: true })).toHaveCount(0);
      for (const n of [2, 3, 4, 5]) await expect(region.getByText(t('UiKitToastTitle', { n }), { exact: true })).toBeVisible();
      // Bottom-right, the newest at the bottom, one above the other.
      const viewport = page.viewportSize()!;
      const boxes = await Promise.all([2, 3, 4, 5].map(async (n) => (await region.getByRole('status').filter({ hasText: t('UiKitToastTitle', { n }) }).boundingBox())!));
      for (const box of boxes) {
        expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(32);
        expect(box.x).toBeGreaterThan(viewport.width / 2);
      }
      expect(viewport.height - (boxes[3]!.y + boxes[3]!.height)).toBeLessThanOrEqual(32);
      for (let i = 0; i < 3; i += 1) expect(boxes[i]!.y + boxes[i]!.height).toBeLessThanOrEqual(boxes[i + 1]!.y);
      // 5900 ms after they opened all four are there; by 6000 ms (and the exit animation) none is.
      await page.clock.runFor(5800);
      await expect(region.getByRole('status')).toHaveCount(4);
      await page.clock.runFor(350);
      await expect(region.getByRole('status')).toHaveCount(0);

      // Right to left: the mirror image, bottom-left.
      await page.getByLabel(en.TextDirection!).selectOption('rtl');
      await page.getByRole('button', { name: en.UiKitToastError }).click();
      await page.clock.runFor(100);
      const error = (await region.getByRole('alert').boundingBox())!;
      expect(error.x).toBeLessThanOrEqual(32);
      expect(viewport.height - (error.y + error.height)).toBeLessThanOrEqual(32);
    });
  });

  test('axe finds no violations on /ui-kit in light, dark and right to left, with dialogs and popups open', async ({ page }) => {
    test.slow(); // a full axe run per theme, plus the popups
    await openKit(page);
    for (const { name, theme, dir } of [
      { name: 'light', theme: 'default', dir: 'ltr' },
      { name: 'dark', theme: 'preview-dark', dir: 'ltr' },
      { name: 'right to left', theme: 'preview', dir: 'rtl' },
    ]) {
      await test.step(name, async () => {
        await page.getByLabel(en.Theme!).selectOption(theme);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await page.getByLabel(en.TextDirection!).selectOption(dir);
        await expect(page.locator('.ui-kit')).toHaveAttribute('dir', dir);
        // Errors on show: submit the empty form.
        await page.getByRole('button', { name: en.Submit }).click();
        await expect(page.getByText(en.PleaseEnterYourFirstName!)).toBeVisible();
        await page.getByRole('button', { name: en.UiKitToastError }).click();
        await page.getByRole('button', { name: en.UiKitToastSuccess }).click();
        expect(await axeViolations(page)).toEqual([]);

        // The calendar popup.
        await page.getByLabel(en.ChooseDate!, { exact: true }).first().press('Alt+ArrowDown');
        await expect(page.getByRole('application')).toBeVisible();
        expect(await axeViolations(page, '[role="application"]')).toEqual([]);
        await page.keyboard.press('Escape');

        // A tooltip.
        await page.getByRole('button', { name: en.UiKitTooltipTrigger }).hover();
        await expect(page.getByRole('tooltip')).toBeVisible();
        expect(await axeViolations(page, '.ui-kit__section:has([role="tooltip"])')).toEqual([]);

        // A modal.
        await page.getByRole('button', { name: t('UiKitOpenDialog', { size: en.UiKitSizeMedium! }) }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
        // Closed for the next theme's run.
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      });
    }
  });
});
