import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { localText } from './support/dates.ts';
import { en } from './support/catalogues.ts';
import { axeViolations } from './support/axe.ts';
import { ShellChrome, SignInPage, StartupModals, type Dialog } from './support/pages.ts';
import { PlatformControl } from './support/platform.ts';
import { startShellServerWithConfig } from './support/server.ts';

/** SPEC §4 start-up: the once-per-session modals. */

const maintenancePath = '/api/alert/v1/alerts/maintenance/immediate';
const acknowledgePrefix = '/api/alert/v1/schedules/';
const benchmarkingPath = '/api/benchmarking/v1/notification';
const preferencesPath = '/api/access/v1/tool-settings/user-preferences';
const bannerPath = '/api/alert/v1/alerts/banner/immediate';

// Maintenance times arrive in UTC and must be shown in the member's local time: run away from UTC.
const timezoneId = 'America/New_York';
// The modals are the subject here: the fixtures' quiet start-up (no announcements) is turned off.
test.use({ timezoneId, quietStartup: false });

async function expectNoAxeViolations(page: Page, dialog: Dialog) {
  await dialog.expectOpen();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
}


const maintenanceDialog = (page: Page) => new StartupModals(page).maintenance;
const benchmarkingDialog = (page: Page) => new StartupModals(page).benchmarking;
const improvementsDialog = (page: Page) => new StartupModals(page).improvements;

/** The writes the start-up outcomes sent, as "METHOD path body". */
async function startupWrites(platform: PlatformControl): Promise<string[]> {
  const calls = [
    ...(await platform.log({ path: acknowledgePrefix })),
    ...(await platform.log({ path: benchmarkingPath, method: 'PUT' })),
    ...(await platform.log({ path: preferencesPath, method: 'PUT' })),
  ].sort((a, b) => a.seq - b.seq);
  return calls.map((c) => `${c.method} ${c.path}${c.body === undefined || c.body === null || c.body === '' ? '' : ` ${JSON.stringify(c.body)}`}`);
}

test.describe('start-up modals', () => {
  // One tab: each step after the first starts afresh (freshStart: no claim on the modals is kept,
  // so they show again), the platform given the step's answers.
  test('admin: the start-up modals one at a time, each outcome sending exactly its request; a failed read skips only its own', async ({
    page,
    freshStart,
    signedIn,
    platform,
    request,
    baseURL,
  }) => {
    await test.step('admin: maintenance, benchmarking and product improvements one at a time, each outcome sending exactly its request', async () => {
      // The window the emulator announces, read the way the app reads it.
      const { access_token } = await platform.token('admin@acme.test');
      const announced = (await (await request.get(`${baseURL}${maintenancePath}`, { headers: { Authorization: `Bearer ${access_token}` } })).json()) as {
        alertScheduleId: string;
        maintenanceScheduleAttributes: { MaintenanceStartTime: string; MaintenanceEndTime: string };
      };
      await platform.clearLog();

      await signedIn(page, 'admin@acme.test');
      const maintenance = maintenanceDialog(page);
      await maintenance.expectOpen();
      // One at a time: the others wait their turn.
      await expect(page.getByRole('dialog')).toHaveCount(1);
      const { MaintenanceStartTime, MaintenanceEndTime } = announced.maintenanceScheduleAttributes;
      await expect(maintenance.root.getByTestId('maintenance-start')).toHaveText(`${localText(MaintenanceStartTime, timezoneId)} ${en.LocalTime}`);
      await expect(maintenance.root.getByTestId('maintenance-end')).toHaveText(`${localText(MaintenanceEndTime, timezoneId)} ${en.LocalTime}`);
      await expect(maintenance.root.getByText(en.ScheduledMaintenanceSubheading!)).toBeVisible();
      await expect(maintenance.root.getByText(en.ScheduledMaintenanceDescription!)).toBeVisible();
      // No systemStatusUrl configured here: no MoreInformation link (see the configured test below).
      await expect(maintenance.root.getByRole('link', { name: en.MoreInformation })).toHaveCount(0);
      await expectNoAxeViolations(page, maintenance);

      // Keyboard only: tick the box, then Continue.
      await maintenance.root.getByRole('checkbox', { name: en.DoNotShowAgain }).focus();
      await page.keyboard.press('Space');
      await maintenance.button(en.Continue!).focus();
      await page.keyboard.press('Enter');
      await maintenance.expectClosed();

      const benchmarking = benchmarkingDialog(page);
      await benchmarking.expectOpen();
      await expect(benchmarking.root).toHaveAttribute('data-size', 'medium');
      await expect(benchmarking.root.getByRole('img', { name: en.BenchmarkingImageAlt })).toBeVisible();
      await expect(benchmarking.root.getByText(en.BenchmarkingHomePageAnnouncement!)).toBeVisible();
      await expect(benchmarking.root.getByText(en.BenchmarkingOptInDescription!)).toBeVisible();
      await expectNoAxeViolations(page, benchmarking);
      await benchmarking.choose(en.RemindMeLater!);
      await benchmarking.expectClosed();

      const improvements = improvementsDialog(page);
      await improvements.expectOpen();
      // The HTML description is rendered as HTML (paragraphs), not shown as markup.
      await expect(improvements.root.locator('p').first()).toHaveText(/We collect information/);
      await expect(improvements.root).not.toContainText('<p>');
      await expectNoAxeViolations(page, improvements);
      await improvements.choose(en.Continue!);
      await improvements.expectClosed();

      await expect
        .poll(() => startupWrites(platform))
        .toEqual([
          `POST ${acknowledgePrefix}${announced.alertScheduleId}/acknowledge`,
          `PUT ${benchmarkingPath} ${JSON.stringify({ messageId: 'BenchmarkingHomePageAnnouncement', notificationStatus: true, notificationType: 'HOME_PAGE' })}`,
          `PUT ${preferencesPath} ${JSON.stringify({ UserFeedback: true, UserGuidance: true, ProductImprovements: true, ProductImprovementsNotification: false })}`,
        ]);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('product improvements: RemoveGuidance turns both off; a failed save still closes the modal', async () => {
      await freshStart(page);
      await platform.override({ method: 'GET', path: maintenancePath, status: 204 });
      await platform.override({ method: 'GET', path: `${benchmarkingPath}/HOME_PAGE`, status: 204 });
      await platform.fault({ method: 'PUT', path: preferencesPath, status: 500, times: 1 });
      await signedIn(page, 'admin@acme.test');
      const improvements = improvementsDialog(page);
      await improvements.expectOpen();
      await improvements.choose(en.RemoveGuidance!);
      await improvements.expectClosed();
      await expect
        .poll(async () => (await platform.log({ path: preferencesPath, method: 'PUT' })).map((c) => [c.status, c.body]))
        .toEqual([[500, { UserFeedback: true, UserGuidance: true, ProductImprovements: false, ProductImprovementsNotification: false }]]);
    });

    await test.step('a failed or off-contract read skips only its own modal', async () => {
      await freshStart(page);
      await platform.fault({ method: 'GET', path: maintenancePath, status: 503 });
      await platform.override({ method: 'GET', path: `${benchmarkingPath}/HOME_PAGE`, status: 200, body: { messageId: 42, notificationStatus: 'yes' } });
      await signedIn(page, 'admin@acme.test');
      await improvementsDialog(page).expectOpen();
      await expect(page.getByRole('dialog')).toHaveCount(1);
      expect(await platform.log({ path: maintenancePath })).toHaveLength(1);
    });
  });

  test('once per session: another tab does not show them, a new sign-in session does', async ({ page, signIn, platform, tabs }) => {
    await signIn(page, 'admin@acme.test');
    // Escape on each: nothing acknowledged, benchmarking stays active (status true).
    for (const dialog of [maintenanceDialog(page), benchmarkingDialog(page), improvementsDialog(page)]) {
      await dialog.expectOpen();
      await page.keyboard.press('Escape');
      await dialog.expectClosed();
    }
    expect(await platform.log({ path: maintenancePath })).toHaveLength(1);
    expect(await platform.log({ path: acknowledgePrefix })).toHaveLength(0);
    // Escape is the X (SPEC §2, §4): benchmarking sends status true, product improvements behaves
    // like Continue; the unticked maintenance modal sends nothing.
    await expect
      .poll(() => startupWrites(platform))
      .toEqual([
        `PUT ${benchmarkingPath} ${JSON.stringify({ messageId: 'BenchmarkingHomePageAnnouncement', notificationStatus: true, notificationType: 'HOME_PAGE' })}`,
        `PUT ${preferencesPath} ${JSON.stringify({ UserFeedback: true, UserGuidance: true, ProductImprovements: true, ProductImprovementsNotification: false })}`,
      ]);

    // A second tab of the same session: the run happens (banners load again), the modals do not.
    const banners = async () => (await platform.log({ path: bannerPath })).length;
    const bannersBefore = await banners();
    const [other] = await tabs(1);
    await other!.goto('/mfe-host');
    await expect(new ShellChrome(other!).memberName).not.toBeEmpty();
    await expect.poll(banners).toBeGreaterThan(bannersBefore);
    expect(await platform.log({ path: maintenancePath })).toHaveLength(1);
    await expect(other!.getByRole('dialog')).toHaveCount(0);
    await other!.close();

    // Sign out and in again: a new session shows them again (product improvements was answered).
    await new ShellChrome(page).signOut();
    await expect(page).toHaveURL(/\/auth/);
    await signIn(page, 'admin@acme.test');
    await maintenanceDialog(page).expectOpen();
    expect(await platform.log({ path: maintenancePath })).toHaveLength(2);
    await page.keyboard.press('Escape');
    await benchmarkingDialog(page).expectOpen();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  // One tab: each step after the first starts afresh (freshStart: no claim on the modals is kept,
  // so they show again). The /404 step comes last: it installs the page's clock.
  test('ptl: benchmarking and maintenance outcomes; LearnMore navigates without a request; no start-up run on excluded paths', async ({
    page,
    freshStart,
    signedIn,
    platform,
  }) => {
    await test.step('benchmarking: DoNotShowAgainLabel sends false; maintenance closed unticked sends nothing (ptl tenant prefix)', async () => {
      await signedIn(page, 'ptl@acme.test');
      await maintenanceDialog(page).expectOpen();
      await maintenanceDialog(page).choose(en.Close!);
      await benchmarkingDialog(page).choose(en.DoNotShowAgainLabel!);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect
        .poll(() => startupWrites(platform))
        .toEqual([
          `PUT /eu-tenant-7${benchmarkingPath} ${JSON.stringify({ messageId: 'BenchmarkingHomePageAnnouncement', notificationStatus: false, notificationType: 'HOME_PAGE' })}`,
        ]);
      // Regional Admin has no AnalyticsGuidance: no product-improvements modal.
      await improvementsDialog(page).expectGone();
    });

    await test.step('benchmarking: LearnMore closes without a request and navigates to /reporting/benchmarking', async () => {
      await freshStart(page);
      await platform.override({ method: 'GET', path: maintenancePath, status: 204 });
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await signedIn(page, 'ptl@acme.test');
      const benchmarking = benchmarkingDialog(page);
      await benchmarking.expectOpen();
      await benchmarking.choose(en.LearnMore!);
      await benchmarking.expectClosed();
      await expect.poll(() => visited).toContain('/reporting/benchmarking');
      expect(await startupWrites(platform)).toEqual([]);
    });

    await test.step('not on excluded paths: a signed-in member on /404 gets no start-up run until back in the shell', async () => {
      await freshStart(page);
      await signedIn(page, 'ptl@acme.test');
      await maintenanceDialog(page).expectOpen();
      await platform.clearLog();
      // A fake clock (running normally) lets the test jump past the 250 ms delay instead of sleeping.
      await page.clock.install();
      await page.goto('/404');
      await expect(page.getByRole('heading', { name: en.PageNotFound })).toBeVisible();
      await page.clock.runFor(2000);
      expect(await platform.log({ path: bannerPath })).toHaveLength(0);
      await page.goto('/landing');
      // /landing redirects into the shell; the run there checks the route it starts on (/mfe-host).
      await expect(page).toHaveURL(/\/mfe-host$/);
      await expect.poll(async () => (await platform.log({ path: bannerPath })).length).toBe(1);
      // Same session: the modals are not shown again.
      expect(await platform.log({ path: maintenancePath })).toHaveLength(0);
    });
  });

  test('configured links: MoreInformation (with a License) and the privacy notice', async ({ page }) => {
    const server = await startShellServerWithConfig({ systemStatusUrl: 'https://status.acme.test/', privacyNoticeUrl: 'https://acme.test/privacy' });
    try {
      const control = new PlatformControl(page.request, server);
      await control.override({ method: 'GET', path: `${benchmarkingPath}/HOME_PAGE`, status: 204 });
      await page.goto(`${server.baseURL}/auth`);
      await new SignInPage(page).submit('admin@acme.test');
      const maintenance = maintenanceDialog(page);
      await expect(maintenance.root.getByRole('link', { name: en.MoreInformation })).toHaveAttribute('href', 'https://status.acme.test/');
      await expectNoAxeViolations(page, maintenance);
      await maintenance.choose(en.Continue!);
      const improvements = improvementsDialog(page);
      await expect(improvements.root.getByRole('link', { name: en.ProductImprovementsPrivacyNotice })).toHaveAttribute('href', 'https://acme.test/privacy');
      await expectNoAxeViolations(page, improvements);
    } finally {
      await server.close();
    }
  });
});
