import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { startShellServerWithConfig, type ShellServer } from './support/server.ts';
import { PlatformControl } from './support/platform.ts';
import { plantProofKey, plantSignIn } from './support/shellStorage.ts';

export const demoPassword = 'trust-shell-demo';

/** The connected app of the test deployment: the emulator's content object names it as CommunityAppUrl. */
export const communityHost = 'community.trust-shell.test';

/** One of the emulator's catalogues ('en-us', 'de-de', 'ar'), so tests assert on real texts without copying them. */
export const catalogue = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../emulator/data/translations/${code}.json`, import.meta.url), 'utf8')) as Record<string, string>;

export const en = catalogue('en-us');
export const de = catalogue('de-de');
export const ar = catalogue('ar');

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

/**
 * The `signedIn` fixture's way in, also for a server of a test's own (`base`, its origin): tokens
 * from `control`, stored from a same-origin address that runs none of the shell's code, then `path`.
 */
export async function arriveSignedIn(page: Page, control: PlatformControl, email: string, path = '/mfe-host', base = ''): Promise<void> {
  await page.goto(`${base}/config.json`);
  // As a sign-in does: a key of the session's own, made in the browser, its private half never out.
  const jwk = await plantProofKey(page);
  const tokens = await control.token(email, jwk);
  await plantSignIn(page, tokens, email);
  await page.goto(`${base}${path}`);
}

/** See `quietStartup`; also for tests that start a server of their own, or keep the maintenance notice. */
export async function quietenStartup(control: PlatformControl, { keepMaintenance = false, keepProductImprovements = false } = {}): Promise<void> {
  if (!keepMaintenance) await control.override({ method: 'GET', path: '/api/alert/v1/alerts/maintenance/immediate', status: 204 });
  await control.override({ method: 'GET', path: '/api/benchmarking/v1/notification/HOME_PAGE', status: 204 });
  await control.override({
    method: 'GET',
    path: '/api/access/v1/tool-settings/user-preferences',
    status: 200,
    body: { UserFeedback: true, UserGuidance: true, ProductImprovements: false, ProductImprovementsNotification: keepProductImprovements },
  });
}

/** The emulator's initial state and an empty log; quiet (see `quietStartup`) when `quiet`. */
async function initialPlatform(control: PlatformControl, quiet: boolean): Promise<void> {
  await control.reset();
  if (quiet) await quietenStartup(control);
}

/** Empties the open origin's local and session storage, IndexedDB and Cache Storage, and the context's cookies. */
async function emptyOriginStorage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error ?? new Error(`could not delete ${name}`));
      });
    }
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await page.context().clearCookies();
}

/** The two-step sign-in form: email, Continue (the SAML lookup), password, Sign in. */
export async function fillSignIn(page: Page, email: string, password: string = demoPassword): Promise<void> {
  await page.getByLabel(en.Email!).fill(email);
  await page.getByRole('button', { name: en.Continue }).click();
  await page.getByLabel(en.Password!).fill(password);
  await page.getByRole('button', { name: en.SignIn }).click();
}

/**
 * Waits until a service worker controls the page (STACK.md). Polled from Node rather than with
 * waitForFunction, whose requestAnimationFrame polling stalls under an installed fake clock.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  try {
    await expect.poll(controlled, { timeout: 15_000 }).toBe(true);
  } catch {
    // An install that failed (a precache request dropped on a loaded machine) is retried by the
    // browser at the next navigation, as a member's next page load would.
    await page.reload();
    await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
  }
}

/** Every alert, confirm or prompt `page` opens (the message), dismissed: a hostile string that ran shows here. */
export function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/**
 * Records every `securitypolicyviolation` any page of `context` reports, from the first script on
 * (the auto fixture `cspViolations`, and specs on a browser of their own such as nginx.spec).
 */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__trustShellCspViolation', (_source, entry: unknown) => {
    violations.push(String(entry));
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __trustShellCspViolation?: (entry: string) => Promise<void> }).__trustShellCspViolation;
        void report?.(`${e.effectiveDirective} ${e.blockedURI || '(inline)'} (${e.sourceFile || e.documentURI}:${e.lineNumber})`);
      },
      true,
    );
  });
  return violations;
}

/**
 * Waits until the tab has finished starting: a warm start shows the screen from the kept state
 * while its calls are still on their way. Before moving the platform's clock, clearing the log or
 * reloading, so that none of those calls meets the move (its 401 would begin a refresh the test
 * does not count, or one a reload kills, which then ends the session). This shell keeps no long
 * poll open, so network idle is that moment.
 */
export async function finishedStarting(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}
