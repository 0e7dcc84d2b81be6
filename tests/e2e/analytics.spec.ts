import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { tokenClaims } from './support/credentials.ts';
import { en } from './support/catalogues.ts';
import { ShellChrome, StartupModals } from './support/pages.ts';
import type { PlatformControl } from './support/platform.ts';

/**
 * Analytics identification (SPEC §3/§4/§8/§9) against the emulator's recording
 * stand-in agent (emulator/routes/analytics.ts): every call the shell makes on the agent
 * arrives as a POST to /remotes/analytics/collect, read here from the emulator's request log.
 */

// The identity carries the browser's time zone: fixed so it can be asserted.
test.use({ timezoneId: 'Europe/Berlin' });

const preferencesPath = '/api/access/v1/tool-settings/user-preferences';
const collectPath = '/remotes/analytics/collect';
const acmeKey = 'cs-acme-demo-key';
const scriptPath = `/remotes/analytics/${acmeKey}/agent.js`;

interface AgentCall {
  call: 'loaded' | 'initialize' | 'track' | 'reset' | 'optOut';
  key: string;
  ready: boolean;
  args: Record<string, unknown>;
  /** The calling page's time origin, and the call's number in that page. */
  page: number;
  n: number;
}

async function agentCalls(platform: PlatformControl): Promise<AgentCall[]> {
  // In the order the agent was called (page by page), not the order the requests reached the log.
  const calls = (await platform.log({ path: collectPath, method: 'POST' })).map((entry) => entry.body as AgentCall);
  return calls.sort((a, b) => a.page - b.page || a.n - b.n);
}

async function callNames(platform: PlatformControl): Promise<string[]> {
  return (await agentCalls(platform)).map((c) => (c.call === 'track' ? `track:${String(c.args.name)}` : c.call));
}

/** The member's tool preferences as the platform answers them (only the read is replaced). */
async function preferences(platform: PlatformControl, ProductImprovements: boolean, ProductImprovementsNotification = false): Promise<void> {
  await platform.override({ method: 'GET', path: preferencesPath, status: 200, body: { UserFeedback: false, UserGuidance: true, ProductImprovements, ProductImprovementsNotification } });
}


/** Signed in and the signed-in state on screen (the point where analytics is decided). */
async function inShell(page: Page, signedIn: (page: Page, email: string) => Promise<void>, email: string): Promise<void> {
  await signedIn(page, email);
  await expect(new ShellChrome(page).tenantName).toBeVisible();
}

/** The shell still works: its user menu opens and offers Sign out. */
async function expectShellWorking(page: Page): Promise<void> {
  const chrome = new ShellChrome(page);
  await chrome.expectSignedInAs('Ada Admin');
  await chrome.userMenuButton.click();
  await expect(chrome.menuItem(en.SignOut!)).toBeVisible();
}

test.describe('analytics identification', () => {
  // One tab: each step after the first starts afresh (freshStart), the platform given the step's
  // answers: analytics is decided at each start.
  test('the stand-in loads only with a key, ProductAnalytics and ProductImprovements, gets the identity, resets at sign-out', async ({
    page,
    freshStart,
    signedIn,
    platform,
  }) => {
    await test.step('with a key, ProductAnalytics and ProductImprovements the stand-in loads with the SPEC §3 identity; sign-out resets it', async () => {
      await preferences(platform, true);
      await inShell(page, signedIn, 'admin@acme.test');
      await expect.poll(() => callNames(platform)).toContain('initialize');
      const [scriptLoad] = await platform.log({ path: scriptPath });
      expect(scriptLoad?.status).toBe(200);

      const claims = tokenClaims((await platform.token('admin@acme.test')).access_token);
      const initialize = (await agentCalls(platform)).find((c) => c.call === 'initialize')!;
      expect(initialize.key).toBe(acmeKey);
      expect(initialize.args).toEqual({
        visitor: {
          id: claims.guid,
          firstName: expect.any(String),
          lastName: expect.any(String),
          email: 'admin@acme.test',
          role: 'Site Admin',
          surveys_custom: false,
          guidedTours_custom: true,
          onboardingBot_custom: true,
          timeZone: 'Europe/Berlin',
          rootOrg: claims.root,
          // Acme Corp uses the workspace navigation (showLegacyNavigation false).
          NewNavigationEnabled: true,
        },
        account: { id: claims.tenantGuid },
        globalContext: { version: '5.3.0', tenantGuid: claims.tenantGuid },
      });
      expect((initialize.args.visitor as { firstName: string }).firstName).not.toBe('');

      await test.step('signing out resets the agent', async () => {
        await expect.poll(() => callNames(platform)).toContain('track:page_view');
        await new ShellChrome(page).signOut();
        await expect(page).toHaveURL(/\/auth$/);
        await expect.poll(() => callNames(platform)).toContain('reset');
        expect((await callNames(platform)).at(-1)).toBe('reset');
      });
    });

    for (const { condition, email, arrange } of [
      { condition: 'ProductImprovements is off', email: 'admin@acme.test', arrange: (p: PlatformControl) => preferences(p, false) },
      { condition: 'the ProductAnalytics permission is missing', email: 'basic@acme.test', arrange: (p: PlatformControl) => preferences(p, true) },
      {
        condition: 'the customer success key is blank',
        email: 'admin@acme.test',
        arrange: async (p: PlatformControl) => {
          await preferences(p, true);
          // The tenant's real content object, with only the key blanked.
          const token = (await p.token('admin@acme.test')).access_token;
          const response = await fetch(`${p.baseURL}/api/global-state/v1/no-auth-init`, { headers: { Authorization: `Bearer ${token}` } });
          const state = (await response.json()) as { content: Record<string, unknown> };
          await p.override({ method: 'GET', path: '/api/global-state/v1/no-auth-init', status: 200, body: { ...state, content: { ...state.content, CustomerSuccessKey: '  ' } } });
        },
      },
    ]) {
      await test.step(`no analytics when ${condition}`, async () => {
        await freshStart(page);
        await arrange(platform);
        await inShell(page, signedIn, email);
        // The decision is taken when the state is shown; the script would be requested at once.
        await expect.poll(() => platform.log({ path: preferencesPath, method: 'GET' }).then((l) => l.length)).toBeGreaterThan(0);
        await page.waitForTimeout(500);
        expect(await page.locator('script[data-analytics-agent]').count()).toBe(0);
        expect(await platform.log({ path: '/remotes/analytics/' })).toEqual([]);
        expect(await page.evaluate(() => 'trustShellAnalytics' in window)).toBe(false);
      });
    }
  });

  // One tab: each step after the first starts afresh (freshStart), the platform given the step's
  // answers. The steps whose agent never runs come first, so no call of an earlier page's agent can
  // reach their logs; the opt-out step reads its own page's calls last (they are sorted page by page).
  test('a script that fails or never defines the agent is logged; early events arrive in order; Remove guidance opts out', async ({
    page,
    freshStart,
    signedIn,
    platform,
  }) => {
    await test.step('a script that never defines the agent is given up after 7 checks and logged; the shell goes on', async () => {
      await preferences(platform, true);
      await platform.override({ method: 'GET', path: scriptPath, status: 200, body: 'window.notTheAgent = true;', contentType: 'text/javascript' });
      const errors: { text: string; at: number }[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push({ text: m.text(), at: Date.now() });
      });
      await inShell(page, signedIn, 'admin@acme.test');
      await expect.poll(() => errors.map((e) => e.text)).toContain('Analytics not initialised after 7 checks');
      const [scriptLoad] = await platform.log({ path: scriptPath });
      const waited = errors.find((e) => e.text.startsWith('Analytics not initialised'))!.at - new Date(scriptLoad!.time).getTime();
      // 10 + 20 + … + 640 ms = 1270 ms of waits after the script arrived.
      expect(waited).toBeGreaterThanOrEqual(1200);
      console.log(`analytics gave up ${waited} ms after the script request`);
      expect(await agentCalls(platform)).toEqual([]);
      await expectShellWorking(page);
    });

    await test.step('a script that cannot be loaded logs "Could not load" and the shell goes on', async () => {
      await freshStart(page);
      await preferences(platform, true);
      await platform.fault({ method: 'GET', path: scriptPath, status: 404 });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await inShell(page, signedIn, 'admin@acme.test');
      await expect.poll(() => errors.some((e) => e.startsWith('Could not load') && e.includes(scriptPath))).toBe(true);
      expect(await agentCalls(platform)).toEqual([]);
      await expectShellWorking(page);
    });

    await test.step('events tracked before the script is loaded arrive after identification, in order', async () => {
      await freshStart(page);
      await preferences(platform, true);
      // A slow script: the first page view is certainly tracked while the agent is still missing.
      await platform.fault({ method: 'GET', path: scriptPath, latencyMs: 600 });
      await inShell(page, signedIn, 'admin@acme.test');
      await expect.poll(() => callNames(platform)).toContain('track:page_view');
      const calls = await agentCalls(platform);
      const names = calls.map((c) => c.call);
      expect(names.slice(0, 3)).toEqual(['loaded', 'initialize', 'track']);
      const firstTrack = calls.find((c) => c.call === 'track')!;
      expect(firstTrack.ready).toBe(true);
      expect(firstTrack.args).toEqual({ name: 'page_view', props: { path: new URL(page.url()).pathname } });

      // Once identified, a new page view goes straight to the agent.
      await page.evaluate(() => {
        history.pushState(null, '', '/mfe-host/home/later');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect.poll(async () => (await agentCalls(platform)).filter((c) => c.call === 'track').map((c) => c.args.props)).toContainEqual({ path: '/mfe-host/home/later' });
      expect((await agentCalls(platform)).every((c) => c.call !== 'track' || c.ready)).toBe(true);
    });

    await test.step('Remove guidance in the product-improvements modal opts out and nothing more is sent', async () => {
      await freshStart(page);
      await preferences(platform, true, true);
      await inShell(page, signedIn, 'admin@acme.test');
      await expect.poll(() => callNames(platform)).toContain('track:page_view');
      const improvements = new StartupModals(page).improvements;
      await improvements.choose(en.RemoveGuidance!);
      await improvements.expectClosed();
      await expect.poll(() => callNames(platform)).toContain('optOut');

      await page.evaluate(() => {
        history.pushState(null, '', '/mfe-host/home/after-opt-out');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      // The navigation happened (the shell recorded it in the browsing history) ...
      await expect.poll(() => page.evaluate(() => localStorage.getItem('trust-shell.history') ?? '')).toContain('/mfe-host/home/after-opt-out');
      await page.waitForTimeout(300);
      // ... but the agent heard nothing after the opt-out.
      expect((await callNames(platform)).at(-1)).toBe('optOut');
    });
  });
});
