import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { testChromiumPath } from './tests/e2e/support/browser.ts';

/**
 * Browser tests against the production build (dist/) served by `vite preview` with the platform
 * emulator. Each Playwright worker starts its own server on its own port (tests/e2e/fixtures.ts), so
 * the emulator's state and service-worker origins never leak between parallel workers.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // One worker more than the cores: a test waits on pages, timers and the emulator part of its
  // time, which a third worker fills on CI's 2 cores. Whole CI-faithful runs of one commit on a
  // quiet 2-core host: 3 workers 559 s (browser tests 8.6 min, CPU 94 % busy); 2 workers 601 s
  // (9.3 min, 82 %), and 576–614 s in seven runs before. When the suite took twice its present
  // CPU time, 4 workers were slower than 2 (922 against 864 and 899 s).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : availableParallelism() + 1,
  // One retry on CI only: a renderer crash of Debian's Chromium under load is not the shell's
  // failure; a test that fails twice still fails the run, and a retried one is listed as flaky.
  retries: process.env.CI ? 1 : 0,
  // Upper bounds, not waits: CI has 2 cores shared by two browsers with several tabs each, where a
  // chain such as "online → refresh → reload state → broadcast" can take several seconds. A test
  // bound is twice the longest test's time on a loaded machine (multi-tab tests took 30–47 s there,
  // and one ran out of 60 s while its last click was under way): a bound only decides how late a
  // failing test stops.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // The hardening reporter prints how many hostile inputs and faults the suites tried.
  reporter: [['list'], ['./tests/e2e/support/hardeningReporter.ts']],
  use: {
    headless: true,
    launchOptions: { executablePath: testChromiumPath() },
    // The service worker's install precaches the whole app (93 files, 1.1 MB) in every new context:
    // about 1.5 s of CPU per test. Specs about the service worker, offline use and caching turn it on
    // with `test.use({ serviceWorkers: 'allow' })`; the rest run the same pipeline in the page.
    serviceWorkers: 'block',
    // Members who ask for reduced motion get no spinning indicators; the tests run that way because
    // a spinner that never stops (the UI kit shows several) costs headless Chromium's software
    // compositor more than a core: 24 s of CPU in 20 s idle on /ui-kit, against 0 s on /mfe-host.
    reducedMotion: 'reduce',
    // Recording a trace costs about a fifth of the suite's CPU (DOM snapshots at every step): on
    // CI only a retried test records one, so a failure still comes with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: [
    // No timing checks here: durations are figures of `npm run bench`, never assertions of `npm test`.
    { name: 'chromium', use: { browserName: 'chromium' } },
    // The same shell against a platform with DPoP off (issue 44: a platform that ignores DPoP keeps
    // working unchanged): the specs of the session, the request pipeline, the outbox and the hosted
    // screens, expecting Bearer tokens and no proof (tests/e2e/support/credentials.ts).
    {
      name: 'chromium-bearer',
      use: { browserName: 'chromium' },
      metadata: { tokenScheme: 'Bearer' },
      testMatch: /\/(session|pipeline|outbox|mfe-host)\.spec\.ts$/,
    },
  ],
});
