import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { finishedStarting } from './support/waits.ts';
import { Dialog, ShellChrome } from './support/pages.ts';
import { platformGet, refreshGrants } from './support/session.ts';

const legacyPath = '/api/access/v1/users/current/legacy';
const startupReads = ['/api/alert/v1/alerts/maintenance/immediate', '/api/benchmarking/v1/notification/HOME_PAGE', '/api/alert/v1/alerts/banner/immediate'];

test.describe('contract fall-backs (platform-api.yaml fall-back table)', () => {
  test.describe('start-up', () => {
    test.use({ quietStartup: false });

    // One tab for both answers: the second starts afresh (freshStart), so nothing of the first,
    // the null user included, is there to show.
    test('users/current/legacy answering 500 or an array is a null user: the e-mail stands in, no start-up modal runs', async ({
      page,
      freshStart,
      signedIn,
      platform,
    }) => {
      await page.clock.install();
      for (const answer of ['500', 'an array for an object'] as const) {
        await test.step(`users/current/legacy answering ${answer} is a null user: the e-mail stands in for the name and no start-up modal runs`, async () => {
          if (answer !== '500') await freshStart(page);
          if (answer === '500') await platform.fault({ method: 'GET', path: legacyPath, status: 500 });
          else await platform.override({ method: 'GET', path: legacyPath, status: 200, body: [] });
          await signedIn(page, 'admin@acme.test');
          const chrome = new ShellChrome(page);
          await expect(chrome.tenantName).toHaveText('Acme Corp');
          // init's user (Ada Admin) is not used in its place.
          await chrome.expectSignedInAs('admin@acme.test');
          await page.clock.runFor(2000); // well past the 250 ms start-up delay
          await expect(page.getByRole('dialog')).toHaveCount(0);
          for (const path of startupReads) expect(await platform.log({ path }), path).toEqual([]);
        });
      }
    });
  });

  test('caseParams.company is cut to 255 characters, like url', async ({ page, signedIn, platform, request }) => {
    const tenant = await platformGet<Record<string, unknown>>(request, platform, '/api/access/v1/tenants/current', 'free@acme.test');
    const longName = `Hooli ${'x'.repeat(400)}`;
    // Without init the shell reads the tenant from tenants/current (SPEC §8): a platform with a very long name.
    await platform.fault({ method: 'GET', path: '/api/global-state/v1/init', status: 500 });
    await platform.override({ method: 'GET', path: '/api/access/v1/tenants/current', status: 200, body: { ...tenant, Name: longName } });
    await signedIn(page, 'free@acme.test');
    await page.getByRole('button', { name: en.UpgradeNow }).click();
    await new Dialog(page, en.UpgradeTitle!).choose(en.StartTrial!);
    await new Dialog(page, en.ThankYou!).expectOpen();
    const [sent] = await platform.log({ path: '/api/salesops/v1/cases', method: 'POST' });
    const company = (sent!.body as { caseParams: { company: string } }).caseParams.company;
    expect(company).toBe(longName.slice(0, 255));
    expect(sent!.status).toBeLessThan(300);
  });

  test('a refused refresh emits the login client’s token_refresh_error, even on a slow network', async ({ page, signIn, platform }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await signIn(page, 'admin@acme.test');
    await expect(new ShellChrome(page).memberName).not.toBeEmpty();
    // Scripts loaded on demand with the login client's events (not the app's entry, which carries
    // them too once it imports them) arrive 3 s late: the tab that ran the refused refresh must not
    // need one after the refusal, since it leaves for the sign-in page meanwhile.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      try {
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes('discovery_document_validation_error') && !body.includes('has no #root element')) await new Promise((resolve) => setTimeout(resolve, 3000));
        await route.fulfill({ response, body });
      } catch {
        // The page left meanwhile (for the sign-in page): nothing is waiting for this script.
      }
    });
    await platform.fault({ path: '/api/access/v1/oauth/token', status: 400 });
    await platform.clock(1000); // the access token has run out for the platform: the next call refreshes
    await page.reload();
    await expect(page).toHaveURL(/\/auth$/);
    await expect.poll(() => errors.join('\n')).toContain('login event token_refresh_error');
  });

  test('a refresh the token endpoint holds past 20 s emits the login client’s silent_refresh_timeout', async ({ page, signedIn, platform }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.clock.install();
    await signedIn(page, 'admin@acme.test');
    await finishedStarting(page);
    const held = await platform.fault({ path: '/api/access/v1/oauth/token', hold: true });
    // The leading tab's auto refresh goes out and gets no answer. A refresh forced by a 401 would not
    // do: the organisation-tree worker, whose timers this page's clock does not move, may make it.
    // Its interval is 300 s x the default factor 0.8; the platform's clock moves with the tab's, which dates the proof.
    await platform.clock(240);
    await page.clock.fastForward(240_000);
    await expect.poll(async () => refreshGrants(await platform.log({ path: '/api/access/v1/oauth/token' })).length).toBe(1);
    await page.clock.fastForward(19_000);
    expect(errors.join('\n')).not.toContain('silent_refresh_timeout');
    await page.clock.fastForward(1_000);
    await expect.poll(() => errors.join('\n')).toContain('login event silent_refresh_timeout');
    await platform.removeFault(held.id);
  });
});
