import { existsSync } from 'node:fs';

/**
 * The browser is Debian's Chromium (never a downloaded one: downloads fail here). When it is
 * missing the run fails with the way to install it; browser tests never skip silently.
 */
export function chromiumPath(): string {
  const path = process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install Debian's: "apt-get update && apt-get install -y chromium", ` +
        'or point PLAYWRIGHT_CHROMIUM_PATH at a Chromium binary. (Do not run "npx playwright install".)',
    );
  }
  return path;
}

const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * The browser the test suite drives: Debian's `chromium-headless-shell` (the same Chromium build
 * without the desktop browser around it) when installed, else the full Chromium. On CI's 2 cores
 * it ran the same tests with about a third less CPU (121 → 79 CPU-s for 21 tests: the browser
 * process 31 → 14, the renderers 56 → 35). The bench and the install test keep the full browser,
 * which is what members run.
 */
export function testChromiumPath(): string {
  if (!process.env.PLAYWRIGHT_CHROMIUM_PATH && existsSync(headlessShell)) return headlessShell;
  return chromiumPath();
}
