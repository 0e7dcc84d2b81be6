import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { axeViolations } from './support/axe.ts';
import { initPath, openPicker, picker, tree } from './support/orgTree.ts';
import { refreshGrants } from './support/session.ts';
import { Dialog, ShellChrome } from './support/pages.ts';
import type { PlatformControl } from './support/platform.ts';
import type { OrgTreeNode } from '../../emulator/types.ts';

const rootTreePath = '/api/access/v1/organizations/root-tree';
const invitedPath = '/api/access/v1/users/current/organizations';
const tokenPath = '/api/access/v1/oauth/token';

/** A node of init's organisations, as the emulator types it. */
type Node = OrgTreeNode;

/** The persona's real init answer, read from the platform itself. */
async function initAnswer(request: APIRequestContext, platform: PlatformControl, email: string): Promise<{ organizations: Node[] } & Record<string, unknown>> {
  const { access_token } = await platform.token(email);
  const response = await request.get(`${platform.baseURL}${initPath}`, { headers: { Authorization: `Bearer ${access_token}` } });
  return (await response.json()) as { organizations: Node[] } & Record<string, unknown>;
}

function reverseEveryLevel(nodes: Node[]): Node[] {
  return nodes.map((n) => ({ ...n, Children: reverseEveryLevel(n.Children) })).reverse();
}

test.describe('organisation tree', () => {
  // The admin's step starts afresh (freshStart): its reversed init must be the first the shell reads,
  // with no tree kept from before.
  test('an invitee (no Login) gets their first organisation\'s node; admin: levels by Position, keyboard switches', async ({
    page,
    freshStart,
    signedIn,
    platform,
    request,
  }) => {
    await test.step('an invited user (no Login) gets the single node of their first organisation', async () => {
      await signedIn(page, 'invited@acme.test');
      await expect(picker(page)).toContainText('Privacy Office');
      await openPicker(page);
      await expect(tree(page).getByRole('treeitem')).toHaveCount(1);
      await expect(tree(page).getByRole('treeitem')).toHaveText('Privacy Office');
      await expect(tree(page).getByRole('treeitem')).toHaveAttribute('aria-selected', 'true');

      expect((await platform.log({ path: invitedPath, method: 'GET' })).map((r) => r.status)).toEqual([200]);
      expect(await platform.log({ path: rootTreePath })).toEqual([]);
    });

    await test.step('admin: every level sorted by Position; choosing by keyboard switches the organisation', async () => {
      await freshStart(page);
      // The platform's answer with every level in reverse order: the shell must sort by Position itself.
      const answer = await initAnswer(request, platform, 'admin@acme.test');
      await platform.override({ method: 'GET', path: initPath, status: 200, body: JSON.stringify({ ...answer, organizations: reverseEveryLevel(answer.organizations) }), contentType: 'application/json', times: 1 });
      await signedIn(page, 'admin@acme.test');
      await expect(picker(page)).toContainText('Acme Corp');
      await openPicker(page);
      const items = tree(page).getByRole('treeitem');
      await expect(items).toHaveText(['Acme Corp', 'Americas', 'EMEA', 'APAC']);
      await expect(items.first()).toHaveAttribute('aria-expanded', 'true');
      await expect(items.nth(1)).toHaveAttribute('aria-level', '2');

      // Keyboard only: into the tree, Down to Americas, Right opens it, Down to its first child.
      await page.keyboard.press('ArrowDown');
      await expect(tree(page)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await expect(items).toHaveText(['Acme Corp', 'Americas', 'United States', 'Brazil', 'EMEA', 'APAC']);
      await page.keyboard.press('End');
      await expect(tree(page)).toHaveAttribute('aria-activedescendant', (await items.last().getAttribute('id'))!);
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowLeft');
      await expect(items).toHaveText(['Acme Corp', 'Americas', 'EMEA', 'APAC']);
      await page.keyboard.press('ArrowRight');
      // The opened level's rows come from the worker: wait for them before moving into them.
      await expect(items).toHaveText(['Acme Corp', 'Americas', 'United States', 'Brazil', 'EMEA', 'APAC']);
      await page.keyboard.press('ArrowDown');
      await expect(tree(page)).toHaveAttribute('aria-activedescendant', (await items.nth(2).getAttribute('id'))!);
      await platform.clearLog();
      await page.keyboard.press('Enter');

      await new Dialog(page, en.Organisations!).expectClosed();
      await expect(picker(page)).toContainText('United States');
      await expect(picker(page)).toBeFocused();
      const usId = answer.organizations[0]!.Children.find((n) => n.Name === 'Americas')!.Children.find((n) => n.Name === 'United States')!.Id;
      // (The auto refresh's own grant, which carries no organization_id, may fall in this window too.)
      const grants = refreshGrants(await platform.log({ path: tokenPath, method: 'POST' })).filter((g) => (g.body as Record<string, string>).organization_id !== undefined);
      expect(grants.map((g) => [(g.body as Record<string, string>).organization_id, g.status])).toEqual([[usId, 200]]);

      // The choice is remembered for this session (the contract changes no claim).
      await page.reload();
      await expect(picker(page)).toContainText('United States');
      await openPicker(page);
      await expect(tree(page).getByRole('treeitem', { selected: true })).toHaveText('United States');
    });
  });

  // One admin start at 360 px, as the axe test made it; the other steps take the same page back to
  // the default width, where the picker sits in the top bar.
  test('picker: axe clean, fits 360 px; search at any depth with paths; Escape returns focus; a refused switch changes nothing', async ({
    page,
    signedIn,
    platform,
  }) => {
    const wide = page.viewportSize()!;

    await test.step('axe finds no violations with the picker open, and it fits 360 px', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      await signedIn(page, 'admin@acme.test');
      // At this width the organisation picker sits in the scope panel behind one button.
      await new ShellChrome(page).openScope();
      await expect(picker(page)).toContainText('Acme Corp');
      await openPicker(page);
      await expect(tree(page).getByRole('treeitem').first()).toBeVisible();
      const box = await new Dialog(page, en.Organisations!).root.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);
    });

    await test.step('search finds organisations at any depth, with their path; no match says so', async () => {
      // The narrow layout and its scope panel (with the open picker) give way to the top bar.
      await page.setViewportSize(wide);
      await openPicker(page);
      const search = page.getByRole('searchbox', { name: en.SearchOrganisations });
      await search.fill('TIER');
      const hits = tree(page).getByRole('treeitem');
      await expect(hits).toHaveCount(2);
      await expect(hits.first()).toContainText('Tier 1');
      await expect(hits.first()).toContainText('Acme Corp › APAC › Japan › Tokyo › Support');
      await search.fill('no such organisation');
      await expect(page.getByRole('status').filter({ hasText: en.NoResultsFound })).toBeVisible();
      await expect(tree(page)).toBeHidden();
    });

    await test.step('Escape closes the picker and returns focus; a refused switch shows an error and changes nothing', async () => {
      // The picker the search left open is closed first.
      await page.keyboard.press('Escape');
      await new Dialog(page, en.Organisations!).expectClosed();
      await expect(picker(page)).toContainText('Acme Corp');
      await openPicker(page);
      await page.keyboard.press('Escape');
      await new Dialog(page, en.Organisations!).expectClosed();
      await expect(picker(page)).toBeFocused();

      await platform.fault({ path: tokenPath, method: 'POST', status: 400, times: 1 });
      await page.keyboard.press('Enter');
      await page.getByRole('searchbox', { name: en.SearchOrganisations }).fill('emea');
      await expect(tree(page).getByRole('treeitem')).toHaveText(['EMEAAcme Corp']);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page.getByText(en.SwitchFailed!)).toBeVisible();
      await expect(picker(page)).toContainText('Acme Corp');
      expect(refreshGrants(await platform.log({ path: tokenPath, method: 'POST' })).map((g) => g.status)).toContain(400);
    });
  });
});
