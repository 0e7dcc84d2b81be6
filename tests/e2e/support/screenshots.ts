import type { Page, TestInfo } from '@playwright/test';

/**
 * Whether screenshots are saved: on a developer's machine, and on CI only when asked
 * (`SCREENSHOTS=1`). Nobody looks at them there, and each costs about a tenth of a CPU-second of
 * capture and PNG encoding; the steps around them (menus opened, layout checked) run either way.
 */
export const savingScreenshots = !process.env.CI || process.env.SCREENSHOTS === '1';

/** Saves a screenshot into the test's output folder, for a person to look at (never compared). */
export async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!savingScreenshots) return;
  // Two frames: the resize's layout and any media-query re-render have settled.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), animations: 'disabled' });
}
