/** Waiting for a tab's state without waiting out time: a controlling service worker, a finished start. */
import { expect, type Page } from '@playwright/test';

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
