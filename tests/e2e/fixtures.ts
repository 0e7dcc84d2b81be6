/**
 * The browser tests' fixtures, and nothing else: the helpers they use live in support/ (its
 * README lists them by topic).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { demoPassword } from './support/credentials.ts';
import { PlatformControl, initialPlatform } from './support/platform.ts';
import { recordCspViolations } from './support/recorders.ts';
import { communityHost, startShellServerWithConfig, type ShellServer } from './support/server.ts';
import { emptyOriginStorage } from './support/shellStorage.ts';
import { arriveSignedIn, fillSignIn } from './support/signIn.ts';

interface WorkerFixtures {
  shell: ShellServer;
}

interface TestFixtures {
  /**
   * On by default: the start-up modals find nothing to show (maintenance and benchmarking answer
   * 204, the product-improvements notice is already seen and analytics is off), so tests of other features are not
   * interrupted by them. Tests of the start-up flows and analytics turn it off with
   * `test.use({ quietStartup: false })`.
   */
  quietStartup: boolean;
  platform: PlatformControl;
  /** Opens `n` tabs in the test's one browser context (one session, like a member's browser). */
  tabs: (n: number) => Promise<Page[]>;
  /** Signs in through the sign-in page, as a member does, and waits for the shell (/mfe-host). */
  signIn: (page: Page, email: string, password?: string) => Promise<void>;
  /**
   * Arrives signed in at `path` (default /mfe-host) without the sign-in page: the platform issues
   * the member's tokens (the emulator's control API) and they are stored as the sign-in page stores
   * them. For tests of what follows a sign-in; a test of signing in itself uses `signIn`. About
   * 1.7 s of CPU less per sign-in on CI's 2 cores (no /auth page, no form, one page load).
   */
  signedIn: (page: Page, email: string, path?: string) => Promise<void>;
  /**
   * Automatic: every Content-Security-Policy violation any page of the test's context reports
   * (`securitypolicyviolation`), as `directive blocked-uri (source:line)`. The test fails at its end
   * unless the list is empty: the shell must work under its policy. A test that provokes a
   * violation on purpose takes it out of the list (`cspViolations.splice(0)`) after checking it.
   */
  cspViolations: string[];
  /**
   * Readies the tab for a start as a test of its own would get it, for a test whose steps each
   * begin afresh: on a same-origin address that runs none of the shell's code, the origin's storage
   * is emptied (local and session storage, IndexedDB, Cache Storage) and its cookies dropped, and
   * the platform goes back to the state the test began with (quiet or not, as `quietStartup`
   * says). With `keepStorage`, only the platform starts afresh. The renderer and the code it
   * compiled stay: that is what a step saves over a test (about 1 CPU-s).
   */
  freshStart: (page: Page, options?: { keepStorage?: boolean }) => Promise<void>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  shell: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, use, workerInfo) => {
      // The test deployment lists the community app as a connected app (the allowed destination of
      // /auth/connected-apps), as a real one would: one server kind for every spec, so no spec
      // needs workers of its own (Playwright runs a worker fixture's variants last, as a tail).
      // The chromium-bearer project's platform has DPoP off (support/credentials).
      const bearer = workerInfo.project.metadata.tokenScheme === 'Bearer';
      const server = await startShellServerWithConfig({ connectedApps: [communityHost] }, bearer ? { EMULATOR_DPOP: '0' } : {});
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ shell }, use) => {
    await use(shell.baseURL);
  },
  quietStartup: [true, { option: true }],
  // Every test starts from the emulator's initial state, with an empty request log.
  platform: [
    async ({ playwright, shell, quietStartup }, use) => {
      const request = await playwright.request.newContext();
      const control = new PlatformControl(request, shell);
      await initialPlatform(control, quietStartup);
      await use(control);
      await request.dispose();
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use, testInfo) => {
      const violations = await recordCspViolations(context);
      await use(violations);
      // A failed test has already said what went wrong; its violations are attached, not asserted.
      if (testInfo.status !== testInfo.expectedStatus) {
        if (violations.length) await testInfo.attach('csp-violations', { body: violations.join('\n'), contentType: 'text/plain' });
        return;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  tabs: async ({ context }, use) => {
    await use(async (n) => {
      const pages: Page[] = [];
      for (let i = 0; i < n; i += 1) pages.push(await context.newPage());
      return pages;
    });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
  signIn: async ({}, use) => {
    await use(async (page, email, password = demoPassword) => {
      await page.goto('/auth');
      await fillSignIn(page, email, password);
      await expect(page).toHaveURL(/\/mfe-host/);
    });
  },
  signedIn: async ({ platform }, use) => {
    await use((page, email, path = '/mfe-host') => arriveSignedIn(page, platform, email, path));
  },
  freshStart: async ({ platform, quietStartup }, use) => {
    await use(async (page, { keepStorage = false } = {}) => {
      await page.goto('/config.json');
      if (!keepStorage) await emptyOriginStorage(page);
      await initialPlatform(platform, quietStartup);
    });
  },
});

export { expect };
