import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { tokenClaims } from './support/credentials.ts';
import { en } from './support/catalogues.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { axeViolations } from './support/axe.ts';
import { Dialog } from './support/pages.ts';
import type { LoggedRequest, PlatformControl } from './support/platform.ts';

/** The upgrade, trial, contact-sales and renewal flows, checked by what the platform received. */
const casesPath = '/api/salesops/v1/cases';
const subscriptionsPath = '/api/access/v1/tenants/current/subscriptions';
const leadPath = '/crm/servlet/servlet.WebToLead';

const contactSales = (page: Page) => new Dialog(page, en.ContactSales!);
const field = (form: Dialog, label: string) => form.root.getByRole('textbox', { name: new RegExp(`^${label}`) });
const submitButton = (form: Dialog) => form.button(en.Submit!);

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
}

const cases = async (platform: PlatformControl): Promise<LoggedRequest[]> => platform.log({ path: casesPath, method: 'POST' });
const caseBodies = async (platform: PlatformControl) => (await cases(platform)).map((c) => c.body as { caseType: string; caseParams: Record<string, unknown> });

/** A page address over 255 characters: the case's url must be cut. */
const longPath = `/mfe-host?${'q'.repeat(300)}=1`;

async function openUpgrade(page: Page) {
  await page.getByRole('button', { name: en.UpgradeNow }).click();
  const upgrade = new Dialog(page, en.UpgradeTitle!);
  await upgrade.expectOpen();
  return upgrade;
}

test.describe('sales flows', () => {
  test('contact sales, Start Trial without a trial, and each flow’s failure toast for a 500 from the cases endpoint', async ({ page, signedIn, platform, baseURL }) => {
    await test.step('contact sales: errors only once a field is changed and left, Submit waits for a valid form, then the case and the lead', async () => {
      await signedIn(page, 'free@acme.test', longPath);
      const upgrade = await openUpgrade(page);
      await expectNoAxeViolations(page);
      await upgrade.choose(en.BuyNow!);
      const form = contactSales(page);
      await form.expectOpen();
      await upgrade.expectClosed();
      // Filled in from the member; valid, so Submit is on and no error shows.
      await expect(field(form, en.FirstName!)).toHaveValue('Fred');
      await expect(submitButton(form)).toBeEnabled();

      // Changed but not left: no message yet; left: the message; blanks only are not a name.
      await field(form, en.FirstName!).fill('');
      await expect(form.root.getByText(en.PleaseEnterYourFirstName!)).toHaveCount(0);
      await expect(submitButton(form)).toBeDisabled();
      await field(form, en.FirstName!).press('Tab');
      await expect(form.root.getByText(en.PleaseEnterYourFirstName!)).toBeVisible();
      await field(form, en.FirstName!).fill('   ');
      await expect(form.root.getByText(en.PleaseEnterYourFirstName!)).toBeVisible();
      // Touched but unchanged: no message.
      await field(form, en.PhoneNumber!).focus();
      await field(form, en.PhoneNumber!).press('Tab');
      await field(form, en.LastName!).fill(' ');
      await field(form, en.LastName!).press('Tab');
      await expect(form.root.getByText(en.PleaseEnterYourLastName!)).toBeVisible();
      await field(form, en.EmailAddress!).fill('fred@');
      await field(form, en.EmailAddress!).press('Tab');
      await expect(form.root.getByText(en.ErrorEnterValidEmailAddress!)).toBeVisible();
      await expect(submitButton(form)).toBeDisabled();
      await expectNoAxeViolations(page);

      await field(form, en.FirstName!).fill('Frida');
      await field(form, en.LastName!).fill('Free');
      await field(form, en.EmailAddress!).fill(' frida@hooli.test ');
      await field(form, en.EmailAddress!).fill('frida@hooli.test');
      await field(form, en.PhoneNumber!).fill('+44 20 7946 0000');
      await field(form, en.InterestedIn!).fill('Data mapping');
      await expect(form.root.getByRole('alert')).toHaveCount(0);
      await expect(submitButton(form)).toBeEnabled();
      // Submit is off while the submission runs.
      await platform.fault({ method: 'POST', path: casesPath, latencyMs: 1500, times: 1 });
      await submitButton(form).click();
      await expect(form.root.locator('button[type="submit"]')).toBeDisabled();

      const success = new Dialog(page, en.ThankYou!);
      await success.expectText(en.ContactSalesForm!);
      await expectNoAxeViolations(page);
      await success.button(en.Close!).last().click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      const url = `${baseURL}${longPath}`.slice(0, 255);
      expect(await caseBodies(platform)).toEqual([
        {
          caseType: 'FREE_USER_CONTACT_SALES',
          caseParams: {
            firstName: 'Frida',
            lastName: 'Free',
            email: 'frida@hooli.test',
            contactNumber: '+44 20 7946 0000',
            interestedIn: 'Data mapping',
            company: 'Hooli (free)',
            consentToContact: true,
            subject: 'Contact sales',
            url,
          },
        },
      ]);
      expect(url).toHaveLength(255);
      // The web-to-lead post: multipart, no token, every field.
      const leads = await platform.log({ path: leadPath, method: 'POST' });
      expect(leads).toHaveLength(1);
      const lead = leads[0]!;
      expect(lead.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(lead.headers.authorization).toBeUndefined();
      const { access_token } = await platform.token('free@acme.test');
      const tenantGuid = (tokenClaims<{ tenantGuid: string }>(access_token)).tenantGuid;
      expect(lead.body).toEqual({
        oid: '00D000000000062',
        first_name: 'Frida',
        last_name: 'Free',
        email: 'frida@hooli.test',
        company: 'Hooli (free)',
        lead_source: 'In Product',
        rating: 'Hot',
        submit: 'Submit',
        Campaign_ID: '7012x000000AbCd',
        utm_source: '',
        utm_medium: '',
        utm_campaign: '',
        Offering: 'Data mapping',
        Lead_URL: url,
        Tenant_GUID: tenantGuid,
        allow_contact: '1',
        Sync_to_Marketo: '1',
        Consent_to_Contact_Date: new Date().toISOString().slice(0, 10),
      });
    });
    await test.step('Start Trial without a trial: one TRIAL_REQUEST case, then TrialSubmit', async () => {
      const upgrade = await openUpgrade(page);
      await platform.clearLog();
      await upgrade.choose(en.StartTrial!);
      const success = new Dialog(page, en.ThankYou!);
      await success.expectText(en.TrialSubmit!);
      await upgrade.expectClosed();
      await expectNoAxeViolations(page);
      expect((await platform.log({ path: subscriptionsPath })).map((r) => r.query)).toEqual([{ trial: 'true' }]);
      const [trial] = await caseBodies(platform);
      expect(await caseBodies(platform)).toHaveLength(1);
      expect(trial).toEqual({
        caseType: 'TRIAL_REQUEST',
        caseParams: { firstName: 'Fred', lastName: 'Free', email: 'free@acme.test', company: 'Hooli (free)', subject: 'Trial request', url: expect.stringMatching(/\/mfe-host/) as unknown },
      });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
    await test.step('each flow’s failure toast for a 500 from the cases endpoint; the form keeps what was typed', async () => {
      // Only this step's cases are counted.
      await platform.clearLog();
      await platform.fault({ method: 'POST', path: casesPath, status: 500 });
      // The toast (SPEC §8); while a modal is open the page behind it is inert, so the modal says it too.
      const toast = (key: string) => page.locator('.toast').filter({ hasText: en[key]! });

      const upgrade = await openUpgrade(page);
      await upgrade.choose(en.StartTrial!);
      await expect(toast('TrialUpgradeCaseError')).toContainText(en.SalesforceCaseError!);
      await expect(upgrade.root.getByRole('alert')).toContainText(en.TrialUpgradeCaseError!);

      await upgrade.choose(en.BuyNow!);
      const form = contactSales(page);
      await field(form, en.InterestedIn!).fill('Privacy');
      await submitButton(form).click();
      await expect(toast('ContactSalesCaseError')).toContainText(en.SalesforceCaseError!);
      await expect(form.root.getByRole('alert')).toContainText(en.ContactSalesCaseError!);
      await form.expectOpen();
      await expect(field(form, en.InterestedIn!)).toHaveValue('Privacy');
      // What was typed also survives a reload, until it is sent or cancelled.
      await page.reload();
      await (await openUpgrade(page)).choose(en.BuyNow!);
      await expect(form.root.getByText(en.DraftRestored!)).toBeVisible();
      await expect(field(form, en.InterestedIn!)).toHaveValue('Privacy');
      await form.choose(en.Cancel!);
      await form.expectGone();
      await (await openUpgrade(page)).choose(en.BuyNow!);
      await expect(field(form, en.InterestedIn!)).toHaveValue('');
      await form.choose(en.Cancel!);

      await platform.override({
        method: 'GET',
        path: subscriptionsPath,
        status: 200,
        body: [{ Id: '3f0c1a52-8d47-4c1b-9a3e-5b2f6d7e8a90', Name: 'Plan', IsTrial: false, StartDate: '2025-01-01T00:00:00Z', EndDate: new Date(Date.now() + 86_400_000).toISOString() }],
      });
      await page.reload();
      await page.getByRole('button', { name: en.RequestRenewal }).click();
      await expect(toast('RequestRenewalCaseError')).toContainText(en.SalesforceCaseError!);
      await new Dialog(page, en.RequestReceived!).expectGone();
      expect((await cases(platform)).map((c) => [(c.body as { caseType: string }).caseType, c.status])).toEqual([
        ['TRIAL_REQUEST', 500],
        ['FREE_USER_CONTACT_SALES', 500],
        ['SUBSCRIPTION_RENEWAL', 500],
      ]);
    });
  });

  test('Start Trial with a trial already used: the trial-failure modal; its Buy Now opens contact sales and closes with it', async ({ page, signedIn, platform }) => {
    await signedIn(page, 'trial@acme.test');
    const upgrade = await openUpgrade(page);
    await upgrade.choose(en.StartTrial!);
    const failure = new Dialog(page, en.TrialCompleteTitle!);
    await failure.expectText(en.TrialComplete!);
    await expectNoAxeViolations(page);
    expect(await cases(platform)).toEqual([]);

    await failure.choose(en.BuyNow!);
    const form = contactSales(page);
    await form.expectOpen();
    await expect(submitButton(form)).toBeEnabled();
    await submitButton(form).click();
    await new Dialog(page, en.ThankYou!).expectText(en.ContactSalesForm!);
    await failure.expectGone();
    await form.expectGone();
    expect((await caseBodies(platform)).map((c) => [c.caseType, c.caseParams.firstName, c.caseParams.company])).toEqual([['TRIAL_USER_CONTACT_SALES', 'Tia', 'Initech (trial)']]);
  });

  test('a paid tenant whose subscription runs on is offered neither; renewal when it ends soon', async ({ page, signedIn, platform }) => {
    await test.step('a paid tenant whose subscription runs on is offered neither', async () => {
      await signedIn(page, 'admin@acme.test');
      await expect.poll(async () => (await platform.log({ path: subscriptionsPath })).length).toBe(1);
      await expect(page.getByRole('button', { name: en.RequestRenewal })).toHaveCount(0);
      await expect(page.getByRole('button', { name: en.UpgradeNow })).toHaveCount(0);
    });
    await test.step('renewal: offered when the subscription ends soon; one SUBSCRIPTION_RENEWAL case, then the received modal', async () => {
      const soon = new Date(Date.now() + 20 * 86_400_000).toISOString();
      await platform.override({
        method: 'GET',
        path: subscriptionsPath,
        status: 200,
        body: [{ Id: '3f0c1a52-8d47-4c1b-9a3e-5b2f6d7e8a90', Name: 'Enterprise Suite', IsTrial: false, StartDate: '2025-01-01T00:00:00Z', EndDate: soon }],
      });
      // The next start reads the subscription again.
      await page.reload();
      // A paid tenant: no upgrade.
      await expect(page.getByRole('button', { name: en.RequestRenewal })).toBeVisible();
      await expect(page.getByRole('button', { name: en.UpgradeNow })).toHaveCount(0);
      await page.getByRole('button', { name: en.RequestRenewal }).focus();
      await page.keyboard.press('Enter');
      const received = new Dialog(page, en.RequestReceived!);
      await received.expectText(en.CheckYourInbox!);
      await expectNoAxeViolations(page);
      await received.button(en.Close!).last().click();
      await received.expectGone();
      expect((await caseBodies(platform)).map((c) => [c.caseType, c.caseParams.subject, c.caseParams.email])).toEqual([['SUBSCRIPTION_RENEWAL', 'Subscription renewal', 'admin@acme.test']]);
    });
  });

});

test.describe('sales flows offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('contact sales without a network: the case waits in the outbox, the member is told, and it is delivered once', async ({ context, page, signedIn, platform }) => {
    await signedIn(page, 'free@acme.test');
    await waitForServiceWorker(page);
    const upgrade = await openUpgrade(page);
    await upgrade.choose(en.BuyNow!);
    const form = contactSales(page);
    await expect(submitButton(form)).toBeEnabled();
    await context.setOffline(true);
    await submitButton(form).click();
    await expect(page.getByText(en.SavedForLater!)).toBeVisible();
    await form.expectGone();
    expect(await cases(platform)).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByText(en.WritesSent!.replace('{{count}}', '1'))).toBeVisible({ timeout: 20_000 });
    const sent = await cases(platform);
    expect(sent.map((c) => [(c.body as { caseType: string }).caseType, c.status < 300, c.replayed])).toEqual([['FREE_USER_CONTACT_SALES', true, false]]);
  });
});
