import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { localText } from './support/dates.ts';
import { en, ar } from './support/catalogues.ts';
import { axeViolations } from './support/axe.ts';
import { shoot } from './support/screenshots.ts';
import { ShellChrome, StartupModals } from './support/pages.ts';
import { quietenStartup, type PlatformControl } from './support/platform.ts';

/** SPEC §2 banner area: the maintenance window stays in view after its modal, until it ends. */

const maintenancePath = '/api/alert/v1/alerts/maintenance/immediate';
const scheduleId = '00000000-0000-4000-8000-0000000000a2';
const timezoneId = 'America/New_York';
test.use({ timezoneId, quietStartup: false });

/** UTC text without a zone suffix (the contract's form), `minutes` from now. */
const utcIn = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 19);


/** Only the maintenance modal has something to say, for the window given. */
async function announce(platform: PlatformControl, start: string, end: string): Promise<void> {
  await quietenStartup(platform, { keepMaintenance: true });
  await platform.override({ method: 'GET', path: maintenancePath, status: 200, body: { alertScheduleId: scheduleId, maintenanceScheduleAttributes: { MaintenanceStartTime: start, MaintenanceEndTime: end } } });
}

async function looksRight(page: Page, name: string, testInfo: Parameters<typeof shoot>[1]): Promise<void> {
  for (const [width, height, size] of [[390, 844, 'phone'], [1280, 800, 'desktop']] as const) {
    await page.setViewportSize({ width, height });
    const banner = page.locator('.banner-area .banner--warning');
    // Nothing spills out of the viewport at either width.
    expect(await banner.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= innerWidth + 0.5)).toBe(true);
    await shoot(page, testInfo, `maintenance-banner-${name}-${size}`);
  }
  expect(await axeViolations(page, '.banner-area')).toEqual([]);
}

test('the maintenance window stays in the banner area from Continue until it ends, dismissible, in each language', async ({
  page,
  context,
  signedIn,
  platform,
  freshStart,
}, testInfo) => {
  await context.clock.install();
  const start = utcIn(60);
  const end = utcIn(180);

  await test.step('English, left to right: shown after Continue, in local time, kept across a reload, dismissed for good', async () => {
    await announce(platform, start, end);
    await signedIn(page, 'admin@acme.test');
    const modal = new StartupModals(page).maintenance;
    await modal.expectOpen();
    const banner = page.getByRole('region', { name: en.ScheduledMaintenance });
    await expect(banner).toHaveCount(0);
    await modal.button(en.Continue!).click();
    await modal.expectClosed();
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`${en.MaintenanceStartTime}: ${localText(start, timezoneId)} ${en.LocalTime}`);
    await expect(banner).toContainText(`${en.MaintenanceEndTime}: ${localText(end, timezoneId)} ${en.LocalTime}`);
    await looksRight(page, 'ltr-light', testInfo);
    await new ShellChrome(page).chooseDarkScheme();
    await looksRight(page, 'ltr-dark', testInfo);

    // The modal is once per session; the banner is not.
    await page.reload();
    await expect(banner).toBeVisible();
    await expect(modal.root).toHaveCount(0);

    await banner.getByRole('button', { name: en.Dismiss }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(new ShellChrome(page).memberName).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('trust-shell.dismissedAlerts'))).toContain(scheduleId);
  });

  await test.step('Arabic, right to left', async () => {
    await freshStart(page);
    await announce(platform, start, end);
    await signedIn(page, 'arabic@acme.test');
    const modal = new StartupModals(page, ar).maintenance;
    await modal.button(ar.Continue!).click();
    const banner = page.getByRole('region', { name: ar.ScheduledMaintenance });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(ar.MaintenanceEndTime!);
    await expect(banner.locator('time').last()).toHaveAttribute('datetime', `${end}.000Z`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await looksRight(page, 'rtl-light', testInfo);
    await new ShellChrome(page, ar).chooseDarkScheme();
    await looksRight(page, 'rtl-dark', testInfo);
  });

  await test.step('gone when the window ends, without a reload', async () => {
    await freshStart(page);
    const soon = utcIn(3);
    await announce(platform, utcIn(1), soon);
    await signedIn(page, 'admin@acme.test');
    await new StartupModals(page).maintenance.button(en.Continue!).click();
    const banner = page.getByRole('region', { name: en.ScheduledMaintenance });
    await expect(banner).toBeVisible();
    await context.clock.fastForward('04:00');
    await expect(banner).toHaveCount(0);
  });
});
