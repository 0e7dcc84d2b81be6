import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { axeViolations } from './support/axe.ts';
import { ShellChrome } from './support/pages.ts';
import { refreshGrants, tenantIdByName } from './support/session.ts';
import type { LoggedRequest } from './support/platform.ts';

const tokenPath = '/api/access/v1/oauth/token';
const withParam = (grant: LoggedRequest, name: string) => (grant.body as Record<string, unknown>)[name] !== undefined;

test.describe('the top bar', () => {
  // One admin start: the tenant switcher takes over the page the first step left.
  test('loads the signed-in state once, shows tenant, user, version, axe clean; the tenant switcher searches and switches', async ({
    page,
    signedIn,
    platform,
    request,
  }) => {
    await test.step('loads the signed-in state once and shows tenant, user, version; axe finds nothing', async () => {
      await signedIn(page, 'admin@acme.test');
      const chrome = new ShellChrome(page);
      await expect(chrome.tenantName).toHaveText('Acme Corp');
      await expect(chrome.memberName).toHaveText('Ada Admin');
      const log = await platform.log();
      const count = (path: string) => log.filter((r) => r.path === path && r.method === 'GET').length;
      expect(count('/api/global-state/v1/init')).toBe(1);
      // TENANTS_LIST: the omni list is fetched.
      expect(count('/api/access/v1/users/current/tenants')).toBe(1);
      for (const path of ['/api/access/v1/access-levels/current', '/api/v1/private/orggroupuser/get', '/api/atlas/v1/navigation/configuration', '/api/content/v1/info/version']) {
        expect(count(path), path).toBe(1);
      }
      // Everything /mfe-host shows is in before axe looks: the example remote and the release banner.
      await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
      await expect(page.getByRole('region', { name: /Release 5\.3 is live/ })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await chrome.userMenuButton.click();
      await expect(chrome.productVersion).toHaveText(en.AppVersion!.replace('{{version}}', '5.3.0'));
      await expect(chrome.shellBuild).toHaveText(en.ShellBuild!.replace('{{build}}', '0.1.0'));
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(await axeViolations(page)).toEqual([]);
    });

    await test.step('the tenant switcher searches, marks sandbox tenants and switches', async () => {
      const sandboxId = await tenantIdByName(request, platform, 'Acme Sandbox');
      const chrome = new ShellChrome(page);
      const dialog = await chrome.openTenantSwitcher();
      await dialog.root.getByLabel(en.SearchTenants!).fill('SAND');
      const options = dialog.root.getByRole('listitem');
      await expect(options).toHaveCount(1);
      await expect(options.first()).toContainText('Acme Sandbox');
      await expect(options.first()).toContainText(en.Sandbox!);
      expect(await axeViolations(page)).toEqual([]);
      await dialog.root.getByLabel(en.SearchTenants!).fill('no such tenant');
      await expect(dialog.root.getByText(en.NoResultsFound!)).toBeVisible();
      await dialog.root.getByLabel(en.SearchTenants!).fill('sandbox');
      await platform.clearLog();
      await options.first().getByRole('button').click();
      await expect(page).toHaveURL(/\/mfe-host/);
      await expect(chrome.tenantName).toContainText('Acme Sandbox');
      // Found by its parameter: the auto refresh's own grant may fall in the same window.
      const grant = refreshGrants(await platform.log({ path: tokenPath })).find((g) => withParam(g, 'tenant_id'));
      expect(grant?.body).toMatchObject({ tenant_id: sandboxId });
    });
  });

  // One tab, each step after the first starting afresh (freshStart): the 360 px start first, as its
  // own test made it, then the wide steps that each need a start of their own.
  test('360 px: no overflow, keyboard sign-out and switches; bad init and failed calls fall back; no TENANTS_LIST, no list', async ({
    page,
    freshStart,
    signedIn,
    platform,
  }) => {
    const wide = page.viewportSize()!;

    await test.step('at 360 px wide nothing overflows and the user menu signs out by keyboard', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      await signedIn(page, 'admin@acme.test');
      const chrome = new ShellChrome(page);
      // The tenant and organisation fold into one scope button at this width.
      await expect(chrome.scopeButton).toContainText('Acme Corp');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const menu = chrome.userMenuButton;
      await expect(menu).toBeInViewport();
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(chrome.menuItem(en.SignOut!)).toBeVisible();
      // Sign out is the menu's last item: End reaches it.
      await page.keyboard.press('End');
      await expect(chrome.menuItem(en.SignOut!)).toHaveAttribute('data-highlighted', '');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/auth/);
    });

    await test.step('organisation group and role switch by keyboard alone', async () => {
      await page.setViewportSize(wide);
      await freshStart(page);
      await signedIn(page, 'admin@acme.test');
      const chrome = new ShellChrome(page);
      const groups = chrome.organisationGroups;
      await expect(groups).toContainText('Acme Global');
      await groups.focus();
      await page.keyboard.press('Enter');
      await expect(chrome.choice('Acme Labs')).toBeVisible();
      // As a keyboard member would, wait for the focus to be in the menu (Ark moves it there on the
      // menu's first frame, which a loaded machine may draw after the items are visible).
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
      // Arrow down until the wanted group is highlighted, as a member does: whether the menu opens
      // with its first item highlighted is Ark's choice, made on a frame of its own.
      const labs = chrome.choice('Acme Labs');
      for (let i = 0; i < 10 && (await labs.getAttribute('data-highlighted')) === null; i += 1) await page.keyboard.press('ArrowDown');
      await expect(labs).toHaveAttribute('data-highlighted', '');
      await platform.clearLog();
      await page.keyboard.press('Enter');
      await expect(groups).toContainText('Acme Labs');
      const groupGrant = refreshGrants(await platform.log({ path: tokenPath })).find((g) => withParam(g, 'orggroup_id'));
      expect(groupGrant?.body).toMatchObject({ orggroup_id: expect.any(String) });

      // The role lives in the avatar menu, with the member's other settings.
      const userButton = chrome.userMenuButton;
      await userButton.focus();
      await page.keyboard.press('Enter');
      await expect(chrome.choice('Site Admin')).toHaveAttribute('aria-checked', 'true');
      const auditor = chrome.choice('Auditor');
      for (let i = 0; i < 10 && (await auditor.getAttribute('data-highlighted')) === null; i += 1) await page.keyboard.press('ArrowDown');
      await expect(auditor).toHaveAttribute('data-highlighted', '');
      await platform.clearLog();
      const reloaded = page.waitForEvent('load');
      await page.keyboard.press('Enter');
      await reloaded;
      await chrome.userMenuButton.click();
      await expect(chrome.choice('Auditor')).toHaveAttribute('aria-checked', 'true');
      const roleGrant = refreshGrants(await platform.log({ path: tokenPath })).find((g) => withParam(g, 'role_id'));
      expect(roleGrant?.body).toMatchObject({ switchRole: 'true', role_id: expect.any(String) });
    });

    await test.step('a schema-violating init and a failed version take their fall-backs; the shell still works', async () => {
      await freshStart(page);
      await platform.override({ method: 'GET', path: '/api/global-state/v1/init', status: 200, body: { languages: 'all', tenant: 42 } });
      await platform.override({ method: 'GET', path: '/api/content/v1/info/version', status: 500, body: { status: 500 } });
      await signedIn(page, 'admin@acme.test');
      const chrome = new ShellChrome(page);
      // The user comes from the current-user call; the tenant from tenants/current; permissions from the map.
      await expect(chrome.memberName).toHaveText('Ada Admin');
      await expect(chrome.tenantName).toHaveText('Acme Corp');
      expect(await platform.log({ path: '/api/access/v1/permissions' })).toHaveLength(1);
      await chrome.userMenuButton.click();
      await expect(chrome.productVersion).toHaveText(en.AppVersion!.replace('{{version}}', '0.0.0'));
      await page.keyboard.press('Escape');
      await chrome.signOut();
      await expect(page).toHaveURL(/\/auth/);
    });

    await test.step('without TENANTS_LIST no tenant list is asked for and the tenant is plain text', async () => {
      await freshStart(page);
      await signedIn(page, 'basic@acme.test');
      const chrome = new ShellChrome(page);
      await expect(chrome.tenantName).toHaveText('Acme Corp');
      expect(await platform.log({ path: '/api/access/v1/users/current/tenants' })).toHaveLength(0);
      await expect(chrome.tenantSwitcher).toHaveCount(0);
    });

    await test.step('failed tenant list, access level, organisation-group users and navigation calls take their fall-backs (SPEC §8)', async () => {
      await freshStart(page);
      for (const path of ['/api/access/v1/users/current/tenants', '/api/access/v1/access-levels/current', '/api/v1/private/orggroupuser/get', '/api/atlas/v1/navigation/configuration']) {
        await platform.fault({ method: 'GET', path, status: 500 });
      }
      await signedIn(page, 'admin@acme.test');
      const chrome = new ShellChrome(page);
      await expect(chrome.memberName).toHaveText('Ada Admin');
      // Tenants null: the tenant is plain text, no switcher, even with TENANTS_LIST.
      await expect(chrome.tenantName).toHaveText('Acme Corp');
      await expect(chrome.tenantSwitcher).toHaveCount(0);
      expect((await platform.log({ path: '/api/access/v1/users/current/tenants' })).map((r) => r.status)).toEqual([500]);
      // The rest of the shell goes on: the example remote mounts.
      await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});

test.describe('a role switch in one tab', () => {
  test('reaches the other open tab: it loads the new role’s screen, as after a tenant or organisation-group switch', async ({ tabs, signedIn }) => {
    const [a, b] = await tabs(2);
    await signedIn(a!, 'admin@acme.test');
    await b!.goto('/mfe-host');
    const inA = new ShellChrome(a!);
    const inB = new ShellChrome(b!);
    // Site Admin holds TENANTS_LIST: both tabs show the tenant switcher.
    await expect(inB.memberName).toHaveText('Ada Admin');
    await expect(inB.tenantSwitcher).toBeVisible();

    const reloaded = a!.waitForEvent('load');
    await inA.userMenuButton.click();
    await inA.choice('Auditor').click();
    await reloaded;
    await expect(inA.tenantSwitcher).toHaveCount(0);

    // Tab B, untouched, follows: an Auditor has no tenant list, and its role menu names the new role.
    await expect(inB.tenantSwitcher).toHaveCount(0);
    await expect(inB.memberName).toHaveText('Ada Admin');
    await inB.userMenuButton.click();
    await expect(inB.choice('Auditor')).toHaveAttribute('aria-checked', 'true');
  });
});
