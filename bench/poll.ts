import type { Page } from '@playwright/test';

/**
 * Waits until `expression` is true in the page, polled from Node: the shell's Content-Security-Policy
 * (script-src 'self') refuses waitForFunction's string predicate, which Playwright evals in the page.
 */
export async function pollPage(page: Page, expression: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(expression))) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
