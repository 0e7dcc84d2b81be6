import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A failing node; a colour-contrast check's data says which colours axe compared. */
interface AxeNode {
  target: string[];
  any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[];
}

interface AxeWindow {
  axe?: {
    run(context: unknown, options: { resultTypes: string[] }): Promise<{ violations: { id: string; nodes: AxeNode[] }[] }>;
  };
}

/**
 * axe violations on the page (or inside `include`, a selector), as "rule: targets" lines that read
 * well in a diff. axe-core is put into the document once and run there directly: @axe-core/playwright's
 * AxeBuilder injects it again on every call and finishes each run in a new blank page, which made a
 * run cost about four times as much CPU. The same rules run; the shell has no frames (its policy
 * says frame-src 'none'), which is all the builder's frame handling is for.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const { axe } = window as unknown as AxeWindow;
    if (!axe) throw new Error('axe-core did not load');
    if (selector && !document.querySelector(selector)) throw new Error(`nothing matches ${selector}`);
    const results = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    // The colours axe compared, so that a contrast failure seen once on CI can be told from a
    // real one: `color-contrast: #id > a (#0b3550 on #14283a, 1.4:1)`.
    const colours = (node: AxeNode) => {
      const data = node.any.find((check) => check.data?.fgColor)?.data;
      return data ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)` : '';
    };
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + colours(n)).join(', ')}`);
  }, include ?? null);
}
