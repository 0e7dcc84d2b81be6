import type { Page } from '@playwright/test';

/** The top bar's layout, as the layout and update tests measure it. */

/** Every visible control of the banner: how tall it is and whether it sits inside the bar. */
export const bannerControls = (page: Page) =>
  page.getByRole('banner').evaluate((bar) => {
    const barBox = bar.getBoundingClientRect();
    return [...bar.querySelectorAll<HTMLElement>('button, a[href], select, input, [tabindex="0"]')]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => {
        const r = el.getBoundingClientRect();
        const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 24;
        // A label that wrapped has more than one line box.
        const lines = [...el.querySelectorAll('*'), el].some((child) => {
          const text = [...child.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
          if (!text) return false;
          const range = document.createRange();
          range.selectNodeContents(text);
          return range.getClientRects().length > 1 || range.getBoundingClientRect().height > lineHeight * 1.5;
        });
        return { name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, inside: r.top >= barBox.top - 1 && r.bottom <= barBox.bottom + 1, wrapped: lines };
      });
  });

/** How far the page scrolls sideways (0 when nothing does). */
export const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * What the open organisation picker covers that it should not: any other control of the bar, a
 * part of the viewport it leaves (sideways), or the edge of the phone's scope panel (the picker sits
 * either wholly inside that panel or clear of it). Empty when it sits cleanly.
 */
export const pickerOverlaps = (page: Page) =>
  page.evaluate(() => {
    const picker = document.querySelector('[role="tree"]')?.closest('[role="dialog"]');
    if (!picker) return ['no open picker'];
    const p = picker.getBoundingClientRect();
    const meets = (r: DOMRect) => r.left < p.right - 1 && p.left < r.right - 1 && r.top < p.bottom - 1 && p.top < r.bottom - 1;
    const found: string[] = [];
    if (p.left < 0 || p.right > document.documentElement.clientWidth) found.push('the viewport edge');
    for (const control of document.querySelectorAll<HTMLElement>('header button, header a[href]')) {
      if (picker.contains(control) || control.getClientRects().length === 0) continue;
      if (meets(control.getBoundingClientRect())) found.push(control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName);
    }
    const panelId = document.querySelector('[data-scope-toggle][aria-expanded="true"]')?.getAttribute('aria-controls');
    const panel = panelId ? document.getElementById(panelId) : null;
    if (panel) {
      const r = panel.getBoundingClientRect();
      const inside = p.left >= r.left - 1 && p.right <= r.right + 1 && p.top >= r.top - 1 && p.bottom <= r.bottom + 1;
      if (!inside && meets(r)) found.push('the scope panel edge');
    }
    return found;
  });

/**
 * How far the workspace title chip stands out from the bar (WCAG contrast ratio of its edge — its
 * border when it has one, else its background — against the bar's background); null when no chip shows.
 */
export const titleChipEdgeContrast = (page: Page) =>
  page.getByRole('banner').evaluate((bar) => {
    const chip = [...bar.querySelectorAll<HTMLElement>('[data-testid="tenant-logo"] span')].find((el) => el.getClientRects().length > 0 && (el.textContent ?? '').trim() !== '');
    if (!chip) return null;
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (value: string) => {
      const [r = 0, g = 0, b = 0] = rgb(value).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(chip);
    const edge = parseFloat(style.borderTopWidth) >= 1 ? style.borderTopColor : style.backgroundColor;
    const [hi, lo] = [luminance(edge), luminance(getComputedStyle(bar).backgroundColor)].sort((a, b) => b - a) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  });

/**
 * The bar's visible parts (its controls, the clock and the offline chip) that cover one another, as
 * "a × b"; empty when each has its own place.
 */
export const barCollisions = (page: Page) =>
  page.getByRole('banner').evaluate((bar) => {
    const parts = [...bar.querySelectorAll<HTMLElement>('button, a[href], select, input, [tabindex="0"], .current-date-time, .shell__offline')].filter(
      (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
    );
    const name = (el: HTMLElement) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
    const found: string[] = [];
    parts.forEach((a, i) => {
      for (const b of parts.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const r = a.getBoundingClientRect();
        const s = b.getBoundingClientRect();
        if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1) found.push(`${name(a)} × ${name(b)}`);
      }
    });
    return found;
  });
