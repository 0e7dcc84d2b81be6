import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe violations on the page (or inside `include`), as "rule: targets" lines that read well in a diff. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
