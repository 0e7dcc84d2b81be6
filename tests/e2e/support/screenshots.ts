import type { Page, TestInfo } from '@playwright/test';

/** Saves a screenshot into the test's output folder, for a person to look at (never compared). */
export async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Two frames: the resize's layout and any media-query re-render have settled.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), animations: 'disabled' });
}
