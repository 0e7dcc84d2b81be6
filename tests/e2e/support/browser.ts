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
