import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/browser.ts';

/**
 * Browser tests against the production build (dist/) served by `vite preview` with the platform
 * emulator. Each Playwright worker starts its own server on its own port (tests/e2e/fixtures.ts), so
 * the emulator's state and service-worker origins never leak between parallel workers.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  // Upper bounds, not waits: CI has 2 cores shared by two browsers with several tabs each, where a
  // chain such as "online → refresh → reload state → broadcast" can take several seconds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    headless: true,
    launchOptions: { executablePath: chromiumPath() },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /perf\// },
    // Timing checks (long tasks) run after every other test, so no other browser shares the CPU.
    { name: 'perf', use: { browserName: 'chromium' }, testMatch: /perf\/.*\.spec\.ts$/, dependencies: ['chromium'] },
  ],
});
