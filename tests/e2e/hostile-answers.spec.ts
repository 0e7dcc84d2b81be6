import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { tokenClaims } from './support/credentials.ts';
import { recordAttempts } from './support/hardening.ts';
import { platformGet, refreshGrants, tenantIdByName } from './support/session.ts';
import type { PlatformControl } from './support/platform.ts';

// An answer off the contract from any endpoint takes the SPEC §8 fall-back (or a
// clear message), with the shell on screen: never a blank page or the start-up error.

const truncatedJson = '{"Id": "5d0a8c1e", "Na';
const html = '<!doctype html><html><body><h1>Welcome to the proxy</h1></body></html>';
/**
 * The emulator serves no active content on the shell's origin (an override is never text/html), and
 * the shell reads no answer's type: a proxy's HTML page is its markup under another type.
 */
const htmlType = 'text/plain; charset=utf-8';

interface Violation {
  method?: string;
  path: string;
  /** What is wrong with it, for the tally. */
  kind: string;
  body: unknown;
  contentType?: string;
  /** Served this many times, then the platform's own answer again (default: until the test ends). */
  times?: number;
}

/** Serves each violation (until the test ends, or `times`) and records it. */
async function serve(platform: PlatformControl, violations: Violation[]): Promise<void> {
  recordAttempts('schema', violations.map((v) => `${v.method ?? 'GET'} ${v.path}: ${v.kind}`));
  for (const v of violations) {
    await platform.override({ method: v.method ?? 'GET', path: v.path, status: 200, body: v.body, ...(v.contentType ? { contentType: v.contentType } : {}), ...(v.times ? { times: v.times } : {}) });
  }
}

/** Every violated call was asked for and got the violation (200), so each fall-back below is the shell's doing. */
async function expectServed(platform: PlatformControl, violations: Violation[]): Promise<void> {
  for (const v of violations) {
    await expect
      .poll(async () => (await platform.log({ path: v.path, method: v.method ?? 'GET' })).some((r) => r.status === 200 && r.path === v.path), { message: v.path })
      .toBe(true);
  }
}

/** Uncaught exceptions and unhandled rejections in the page. */
function pageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** The chrome is there and works: the user menu opens, and Sign out leads to a working sign-in page. */
async function signOutThroughChrome(page: Page): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await new ShellChrome(page).signOut();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(new SignInPage(page).heading).toBeVisible();
}

test.describe('schema-violating answers', () => {
  test.use({ quietStartup: false });

  // One tab: each step after the first starts afresh (freshStart), the platform given its answers.
  test('around init; init, permissions, tenant, preferences, translations, seed, an invitee\'s organisations: fall-backs', async ({ page, freshStart, signedIn, platform }) => {
    await test.step('around init (access level, org-group users, navigation, version, settings, theme, tenants, alerts, …): fall-backs', async () => {
      const errors = pageErrors(page);
      const violations: Violation[] = [
        { path: '/api/access/v1/access-levels/current', kind: 'null', body: null },
        { path: '/api/v1/private/orggroupuser/get', kind: 'an object for an array', body: { users: 'all' } },
        { path: '/api/atlas/v1/navigation/configuration', kind: 'a JSON string', body: JSON.stringify('legacy') },
        { path: '/api/content/v1/info/version', kind: 'HTML with 200', body: html, contentType: htmlType },
        { path: '/api/access/v1/tool-settings/user-preferences', kind: 'wrong types', body: { UserFeedback: 'yes', ProductImprovementsNotification: 1 } },
        { path: '/api/atlas/v1/theme', kind: 'wrong types', body: { themeEnabled: 'true', theme: 42 } },
        { path: '/api/access/v1/users/current/tenants', kind: 'truncated JSON', body: `[${truncatedJson}` },
        { path: '/api/alert/v1/alerts/banner/immediate', kind: 'missing required fields', body: [{ alertType: 'Error' }] },
        { path: '/api/alert/v1/alerts/maintenance/immediate', kind: 'wrong types', body: { alertScheduleId: 7, maintenanceScheduleAttributes: 'tonight' } },
        { path: '/api/benchmarking/v1/notification/HOME_PAGE', kind: 'wrong types', body: { messageId: 42, notificationStatus: 'yes' } },
        { path: '/api/content/v1/attributes/auth', kind: 'null', body: null },
        { path: '/api/globalization/v1/languages', kind: 'an object for an array', body: { Code: 'en-us' } },
        { path: '/api/access/v1/tenants/current/subscriptions', kind: 'HTML with 200', body: html, contentType: htmlType },
      ];
      await serve(platform, violations);
      await signedIn(page, 'admin@acme.test');
      await expectServed(platform, violations);
      // Tenants: null (the tenant is plain text, no switcher). (A user answer off the contract is a null
      // user, which runs no start-up reads at all: contract-fallbacks.spec.ts.)
      const chrome = new ShellChrome(page);
      await chrome.expectSignedInAs('Ada Admin');
      await expect(chrome.tenantName).toHaveText('Acme Corp');
      await expect(chrome.tenantSwitcher).toHaveCount(0);
      // Theme: switching off (no theme menu). Navigation: the default (legacy), so no workspace branding is asked for.
      await chrome.userMenuButton.click();
      await expect(chrome.menuGroup(en.Language!)).toBeVisible();
      await expect(chrome.menuGroup(en.Theme!)).toHaveCount(0);
      expect((await platform.log({ path: '/api/branding/v1/branding' })).filter((r) => r.query.isWorkspaceNavigation === 'true')).toHaveLength(0);
      // Languages: init's list still offers every language.
      await expect(chrome.menuGroup(en.Language!).getByRole('menuitemradio')).toHaveCount(3);
      await page.keyboard.press('Escape');
      // The business screen mounts (its own calls are its own affair).
      await expect(page.getByTestId('example-remote-user')).toBeAttached();
      // Version: 0.0.0 in the user menu.
      await chrome.userMenuButton.click();
      await expect(chrome.productVersion).toHaveText(en.AppVersion!.replace('{{version}}', '0.0.0'));
      await page.keyboard.press('Escape');
      // Banners, maintenance, benchmarking, product improvements: nothing to show (their answers
      // were in before the menu opened).
      await expect(page.getByRole('region', { name: /Release 5\.3 is live/ })).toHaveCount(0);
      await expect(page.locator('.banner-area .banner')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // The member still moves around the shell: a route change inside it keeps the chrome.
      await page.goto('/mfe-host/home/settings');
      await chrome.expectSignedInAs('Ada Admin');
      await signOutThroughChrome(page);
      expect(errors).toEqual([]);
    });

    await test.step('init, permissions, current tenant, preferences, tenant translations, seed: each falls back, the shell works', async () => {
      await freshStart(page);
      const errors = pageErrors(page);
      const { guid } = tokenClaims<{ guid: string }>((await platform.token('admin@acme.test')).access_token);
      const violations: Violation[] = [
        { path: '/api/global-state/v1/init', kind: 'truncated JSON', body: truncatedJson },
        { path: '/api/access/v1/permissions', kind: 'wrong types', body: { TENANTS_LIST: 'yes', Login: 1, ProductAnalytics: null } },
        { path: '/api/access/v1/tenants/current', kind: 'missing required fields', body: { Name: 'Acme Corp' } },
        { method: 'POST', path: `/api/globalization/v1/ui-settings/user/${String(guid)}/preferences`, kind: 'wrong types', body: [{ key: 'dateFormat', value: 42 }] },
        { path: '/api/globalization/v2/translations/tenant/en-us', kind: 'wrong types', body: { translations: 'none', customTerms: 7 } },
        { path: '/seed-translations/en-us', kind: 'HTML with 200', body: html, contentType: htmlType },
      ];
      await serve(platform, violations);
      await signedIn(page, 'admin@acme.test');
      // Without init or a readable permission map the member holds no permissions: no TENANTS_LIST, so no tenant list.
      await expectServed(platform, violations);
      expect(await platform.log({ path: '/api/access/v1/users/current/tenants' })).toHaveLength(0);
      // The user comes from the current-user call; the tenant is unknown, so none is named.
      const chrome = new ShellChrome(page);
      await chrome.expectSignedInAs('Ada Admin');
      await expect(chrome.tenantName).toHaveCount(0);
      // Texts: the platform's English catalogue (the tenant's translations fell back to it).
      await expect(chrome.userMenuButton).toBeVisible();
      await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
      await signOutThroughChrome(page);
      expect(errors).toEqual([]);
    });

    await test.step('an invited member\'s organisations off the contract (wrong types): an empty tree, the shell works', async () => {
      await freshStart(page);
      const errors = pageErrors(page);
      // Without Login the tree is the invited organisation list (SPEC §3); a failure is an empty tree (§8).
      const violations: Violation[] = [{ path: '/api/access/v1/users/current/organizations', kind: 'wrong types', body: [{ Id: 7, Name: { text: 'Privacy Office' } }] }];
      await serve(platform, violations);
      await signedIn(page, 'invited@acme.test');
      await expectServed(platform, violations);
      await expect(new ShellChrome(page).memberName).not.toBeEmpty();
      // The picker names no organisation (an em dash), and the good answer's name is nowhere.
      await expect(page.getByRole('button', { name: `${en.Organisation} –`, exact: true })).toBeVisible();
      await expect(page.getByRole('banner')).not.toContainText('Privacy Office');
      await signOutThroughChrome(page);
      expect(errors).toEqual([]);
    });
  });

  test('signed out (translations, anonymous state, branding, SAML lookup, token endpoint): keys, last good texts, sign-in', async ({ page, platform }) => {
    const errors = pageErrors(page);
    const translations: Violation = { path: '/api/globalization/v1/translations/en-us', kind: 'missing required fields', body: { Translations: { SignIn: 42 } } };
    recordAttempts('schema', [`GET ${translations.path}: ${translations.kind}`, `GET ${translations.path}: ${translations.kind}, with a good copy kept`]);
    // First visit, no good copy yet: SPEC §8, SPEC's keys show as keys (and the page still works);
    // the shell's own keys (SignIn) show their built-in texts, never the raw key.
    await platform.override({ method: 'GET', path: translations.path, status: 200, body: translations.body, times: 1 });
    const signInPage = new SignInPage(page);
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: en.SignIn, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'SignIn', exact: true })).toHaveCount(0);
    await page.reload();
    await expect(signInPage.heading).toBeVisible();
    // Once a good copy is kept, a violating answer falls back to it.
    await platform.override({ method: 'GET', path: translations.path, status: 200, body: translations.body, times: 1 });
    await page.reload();
    await expect(signInPage.heading).toBeVisible();
    expect((await platform.log({ path: translations.path })).map((r) => r.status)).toEqual([200, 200, 200]);

    const anonymous: Violation[] = [
      { path: '/api/global-state/v1/no-auth-init', kind: 'truncated JSON', body: truncatedJson },
      { path: '/api/branding/v1/resources/groups/login-page/auth', kind: 'wrong types', body: [{ resourceName: 'favicon', value: 42 }] },
      { method: 'POST', path: '/api/access/v1/saml-settings/user-type', kind: 'an array for an object', body: [] },
    ];
    await serve(platform, anonymous);
    await page.reload();
    // Anonymous state null: the default logo and only the current language to choose.
    await expect(page.getByRole('img', { name: en.ProductLogo })).toHaveAttribute('src', '/brand/default-logo.svg');
    await expect(signInPage.language.locator('option')).toHaveCount(1);
    // SAML lookup null: the plain password step.
    await signInPage.continueWith('admin@acme.test');
    await expect(signInPage.password).toBeVisible();
    await expectServed(platform, anonymous);

    const tokenPath = '/api/access/v1/oauth/token';
    const tokenAnswers: Violation[] = [
      { method: 'POST', path: tokenPath, kind: 'an array for an object', body: [] },
      { method: 'POST', path: tokenPath, kind: 'null', body: null },
      { method: 'POST', path: tokenPath, kind: 'a JSON string', body: JSON.stringify('eyJ.eyJ.sig') },
      { method: 'POST', path: tokenPath, kind: 'wrong types', body: { access_token: 42, refresh_token: true, token_type: 'bearer', expires_in: '900', scope: 'read' } },
      { method: 'POST', path: tokenPath, kind: 'missing required fields', body: { token_type: 'bearer' } },
      { method: 'POST', path: tokenPath, kind: 'HTML with 200', body: html, contentType: htmlType },
      { method: 'POST', path: tokenPath, kind: 'truncated JSON', body: '{"access_token": "eyJ' },
    ];
    recordAttempts('schema', tokenAnswers.map((v) => `POST ${v.path}: ${v.kind}`));
    for (const v of tokenAnswers) {
      await platform.override({ method: 'POST', path: tokenPath, status: 200, body: v.body, ...(v.contentType ? { contentType: v.contentType } : {}), times: 1 });
      const answered = page.waitForResponse((r) => r.url().endsWith(tokenPath));
      await signInPage.submitPassword();
      await answered;
      await expect(signInPage.error, v.kind).toHaveText(en.SignInFailed!);
      await expect(page, v.kind).toHaveURL(/\/auth$/);
    }
    await signInPage.submitPassword();
    await new ShellChrome(page).expectSignedInAs('Ada Admin');
    expect(errors).toEqual([]);
  });
});

// Answers the shell reads after start-up, with the start-up modals kept quiet (the fixture's
// default), so the top bar and the preferences are not behind a dialog.
test.describe('later answers off the contract', () => {
  // One tab: the second step starts afresh (freshStart), the platform given its answers.
  test('navigation branding, date-time defaults and a tenant context off the contract: init\'s brand, the defaults, no switch', async ({
    page,
    freshStart,
    signedIn,
    platform,
    request,
  }) => {
    await test.step('the workspace-navigation branding off the contract (wrong types): init\'s brand stays, not the defaults', async () => {
      const errors = pageErrors(page);
      // What the platform's init says the brand is (so the test never copies the emulator's data).
      const init = await platformGet<{ branding: { pageTitle: string; primaryColor: string } }>(request, platform, '/api/global-state/v1/init');
      const workspace = await platformGet<{ pageTitle: string }>(request, platform, '/api/branding/v1/branding?isWorkspaceNavigation=true');
      await platform.clearLog();
      // Acme Corp uses the workspace navigation, so its own branding call follows init's (the only branding call).
      const violations: Violation[] = [{ path: '/api/branding/v1/branding', kind: 'wrong types', body: { pageTitle: 42, logoData: ['x'], primaryColor: { r: 1 } }, times: 1 }];
      await serve(platform, violations);
      await signedIn(page, 'admin@acme.test');
      await expectServed(platform, violations);
      expect((await platform.log({ path: '/api/branding/v1/branding' })).map((r) => r.query.isWorkspaceNavigation)).toEqual(['true']);
      await new ShellChrome(page).expectSignedInAs('Ada Admin');
      await expect(page.getByRole('banner')).toContainText(init.branding.pageTitle);
      expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--brand-primary'))).toBe(init.branding.primaryColor);
      // A later good answer is taken again (the failure was not kept): the next load shows the workspace brand.
      await page.reload();
      await expect(page.getByRole('banner')).toContainText(workspace.pageTitle);
      await expect(page.getByRole('banner')).not.toContainText(init.branding.pageTitle);
      await signOutThroughChrome(page);
      expect(errors).toEqual([]);
    });

    await test.step('date-time defaults and a tenant context off the contract: the contract defaults, no switch; both forms still work', async () => {
      await freshStart(page);
      const errors = pageErrors(page);
      const { access_token } = await platform.token('admin@acme.test');
      const headers = { Authorization: `Bearer ${access_token}` };
      // The organisation's own defaults differ from the contract's (MM/DD/YYYY, 12Hour), so the fall-back shows.
      const organisationPath = '/api/globalization/v1/ui-settings';
      const put = await request.put(`${platform.baseURL}${organisationPath}`, { headers, data: [{ key: 'dateFormat', value: 'DD.MM.YYYY' }, { key: 'timeFormat', value: '24Hour' }] });
      expect(put.ok()).toBe(true);
      const europe = await tenantIdByName(request, platform, 'Acme Europe');
      const violations: Violation[] = [
        { path: organisationPath, kind: 'wrong types', body: { key: 42, value: ['DD.MM.YYYY'] } },
        { path: '/api/access/v1/tenants/context', kind: 'wrong types', body: { Id: 42 } },
      ];
      await serve(platform, violations);
      await signedIn(page, 'admin@acme.test');

      const preferences = await new ShellChrome(page).openPreferences();
      const organisation = preferences.root.getByRole('form', { name: en.OrganisationDefaults });
      // The form shows the contract defaults, disabled, while it loads: enabled means it has its answers.
      await expect(organisation.getByRole('button', { name: en.SaveOrganisationDefaults })).toBeEnabled();
      await expect(organisation.getByLabel(en.DateFormat!)).toHaveValue('MM/DD/YYYY');
      await expect(organisation.getByLabel(en.TimeFormat!)).toHaveValue('12Hour');
      expect((await platform.log({ path: organisationPath, method: 'GET' })).map((r) => `${String(r.query.key)} ${r.status}`).sort()).toEqual(['dateFormat 200', 'timeFormat 200']);
      await organisation.getByLabel(en.TimeFormat!).selectOption('24Hour');
      await organisation.getByRole('button', { name: en.SaveOrganisationDefaults }).click();
      await expect(organisation.getByText(en.OrganisationDefaultsSaved!)).toBeVisible();
      await page.keyboard.press('Escape');

      // A context link whose answer is off the contract switches nothing, and leaves the address bar.
      await page.goto(`/mfe-host?context=${europe}&contextVersion=2`);
      await expect(page).toHaveURL(/\/mfe-host$/);
      await expectServed(platform, violations);
      await expect(new ShellChrome(page).tenantName).toHaveText('Acme Corp');
      expect(refreshGrants(await platform.log({ path: '/api/access/v1/oauth/token' })).filter((g) => (g.body as Record<string, unknown>).context !== undefined)).toEqual([]);
      await signOutThroughChrome(page);
      expect(errors).toEqual([]);
    });
  });
});
