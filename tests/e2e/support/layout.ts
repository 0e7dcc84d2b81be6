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
