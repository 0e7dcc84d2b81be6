import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { tokenClaims } from './support/credentials.ts';
import { en } from './support/catalogues.ts';
import { communityHost } from './support/server.ts';
import { axeViolations } from './support/axe.ts';
import { ShellChrome } from './support/pages.ts';

/**
 * Links and history: community-app link rewriting, the /auth/connected-apps
 * redirect route and the browsing history. The emulator's content object names
 * https://community.trust-shell.test/home as CommunityAppUrl; the test deployment lists that host
 * as a connected app (fixtures' `communityHost`; communityAppOrigin stays null, so the origin comes
 * from the content object).
 */

const community = `https://${communityHost}`;

/** The community app as the browser would reach it; returns the addresses it was asked for. */
async function fakeCommunity(page: Page): Promise<string[]> {
  const visited: string[] = [];
  await page.route(`${community}/**`, (route) => {
    visited.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Community</title><h1>Community</h1>' });
  });
  return visited;
}

/** Adds links to the shell's main area the way a micro-frontend renders them, after the shell. */
async function renderLinks(page: Page, links: Record<string, string>): Promise<void> {
  await page.evaluate((entries) => {
    const list = document.createElement('ul');
    for (const [id, href] of entries) {
      const item = document.createElement('li');
      const a = document.createElement('a');
      a.id = id;
      a.href = href;
      a.textContent = id;
      item.append(a);
      list.append(item);
    }
    document.querySelector('main')!.append(list);
  }, Object.entries(links));
  // Mutation observers run before the next task: after this, every rewrite has happened.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const rewritten = (landingPage: string) => `/auth/connected-apps?${new URLSearchParams({ landingPage, application: communityHost }).toString()}`;

test.describe('community-app links and browsing history', () => {
  // One start: the history is read from the member's first route on, then the community links are
  // rendered on the same page (it leaves the shell for the community app at the end).
  test('route changes kept per user and tenant; with CommunityAppAccess, community links go through connected-apps', async ({
    page,
    platform,
    signedIn,
  }) => {
    const visitedCommunity = await fakeCommunity(page);
    await test.step('each signed-in route change is kept per user and tenant', async () => {
      const token = (await platform.token('admin@acme.test')).access_token;
      const claims = tokenClaims<{ guid: string; tenantGuid: string }>(token);
      await signedIn(page, 'admin@acme.test');
      await expect(new ShellChrome(page).tenantName).toBeVisible();
      const before = Date.now();
      const read = () => page.evaluate(() => JSON.parse(localStorage.getItem('trust-shell.history') ?? '{}') as Record<string, { url: string; timestamp: number }[]>);
      const kept = async () => (await read())[`${claims.guid}:${claims.tenantGuid}`]?.map((e) => e.url);
      const visited = ['/mfe-host'];
      await expect.poll(kept).toEqual(visited);
      // One route change at a time, as a member makes them (two in one task render only the last).
      for (const path of ['/mfe-host/home/risk?tab=2', '/mfe-host/home#part']) {
        await page.evaluate((p) => {
          history.pushState(null, '', p);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        visited.push(path);
        await expect.poll(kept).toEqual(visited);
      }
      const entries = (await read())[`${claims.guid}:${claims.tenantGuid}`]!;
      expect(entries.at(-1)!.timestamp).toBeGreaterThanOrEqual(before - 1000);
      expect(entries.at(-1)!.timestamp).toBeLessThanOrEqual(Date.now() + 1000);
    });

    await test.step('with CommunityAppAccess, community links go through /auth/connected-apps and land on the community app', async () => {
      await expect(new ShellChrome(page).tenantName).toBeVisible();
      await renderLinks(page, {
        forum: `${community}/forum/7?sort=new#top`,
        lookalike: `${community}.evil.test/forum`,
        other: 'https://elsewhere.test/forum',
        insecure: 'http://community.trust-shell.test/forum',
      });
      await expect(page.locator('#forum')).toHaveAttribute('href', rewritten('/forum/7?sort=new#top'));
      await expect(page.locator('#lookalike')).toHaveAttribute('href', `${community}.evil.test/forum`);
      await expect(page.locator('#other')).toHaveAttribute('href', 'https://elsewhere.test/forum');
      await expect(page.locator('#insecure')).toHaveAttribute('href', 'http://community.trust-shell.test/forum');
      // The release banner's server HTML links to the community app as well.
      await expect(page.getByRole('link', { name: 'See what is new' })).toHaveAttribute('href', rewritten('/release-notes'));

      // A link whose href a micro-frontend changes later is rewritten too.
      await page.locator('#other').evaluate((a) => a.setAttribute('href', 'https://community.trust-shell.test/later'));
      await expect(page.locator('#other')).toHaveAttribute('href', rewritten('/later'));

      // Keyboard only: focus the link and press Enter.
      await page.locator('#forum').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${community}/forum/7?sort=new#top`);
      expect(visitedCommunity).toEqual([`${community}/forum/7?sort=new`]);
    });
  });

  test('without CommunityAppAccess links are left as they are', async ({ page, signedIn }) => {
    await signedIn(page, 'basic@acme.test');
    await expect(new ShellChrome(page).tenantName).toBeVisible();
    await renderLinks(page, { forum: `${community}/forum` });
    await expect(page.locator('#forum')).toHaveAttribute('href', `${community}/forum`);
  });
});

test.describe('/auth/connected-apps', () => {
  // One start for the signed-out full page loads: the valid target first, in the fresh tab its title
  // names, then the refusals (each a full page load of its own).
  test('a valid target in a fresh tab reaches the community app; others are refused with a way back, axe and keyboard', async ({
    page,
  }) => {
    const visited = await fakeCommunity(page);
    await test.step('a valid target opened in a fresh tab goes to the community app', async () => {
      await page.goto(rewritten('/topics?tag=privacy'));
      await expect(page).toHaveURL(`${community}/topics?tag=privacy`);
      expect(visited).toEqual([`${community}/topics?tag=privacy`]);
    });

    await test.step('refuses javascript:, protocol-relative, backslash, absolute, control-character, unknown, userinfo and no target', async () => {
      // The community app was reached once, by the step before.
      visited.splice(0);
      const evil: string[] = [];
      await page.route('https://evil.test/**', (route) => (evil.push(route.request().url()), route.abort()));
      for (const [what, query] of [
        ['javascript:', { landingPage: 'javascript:alert(document.domain)', application: communityHost }],
        ['a protocol-relative address', { landingPage: '//evil.test/x', application: communityHost }],
        ['a backslash trick', { landingPage: '/\\evil.test/x', application: communityHost }],
        ['an absolute address', { landingPage: 'https://evil.test/x', application: communityHost }],
        ['a control character', { landingPage: '/\t/evil.test', application: communityHost }],
        ['an unknown application', { landingPage: '/x', application: 'evil.test' }],
        ['a userinfo application', { landingPage: '/x', application: 'community.trust-shell.test@evil.test' }],
        ['no parameters', {}],
      ] as const) {
        await test.step(`refuses ${what}`, async () => {
          // A full page load each, as a link from elsewhere would arrive.
          await page.goto(`/auth/connected-apps?${new URLSearchParams(query).toString()}`);
          await expect(page.getByRole('heading', { name: en.ConnectedAppNotAllowed })).toBeVisible();
          expect(new URL(page.url()).pathname).toBe('/auth/connected-apps');
          await expect(page.getByRole('link', { name: en.BackToApplication })).toBeVisible();
          expect(visited).toEqual([]);
          expect(evil).toEqual([]);
        });
      }
    });

    await test.step('the refusal passes axe and its way back works with the keyboard', async () => {
      await page.goto('/auth/connected-apps?landingPage=%2F%2Fevil.test&application=community.trust-shell.test');
      await expect(page.getByRole('heading', { name: en.ConnectedAppNotAllowed })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: en.BackToApplication })).toBeFocused();
      await page.keyboard.press('Enter');
      // /landing → /mfe-host → (signed out) /auth
      await expect(page).toHaveURL(/\/auth$/);
    });
  });
});
