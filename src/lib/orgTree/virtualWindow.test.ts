import { describe, expect, it } from 'vitest';
import { scrollToShow, windowFor } from './virtualWindow';

const rowHeight = 40;

/** Rows any part of which is inside [scrollTop, scrollTop + viewport), by looking at each row near it. */
function rowsInView(scrollTop: number, viewport: number, count: number): number[] {
  const out: number[] = [];
  const from = Math.max(0, Math.floor(scrollTop / rowHeight) - 2);
  const to = Math.min(count, from + Math.ceil(viewport / rowHeight) + 5);
  for (let i = from; i < to; i++) {
    const top = i * rowHeight;
    if (top < scrollTop + viewport && top + rowHeight > scrollTop) out.push(i);
  }
  return out;
}

describe('windowFor: which rows of a list are rendered', () => {
  it.each([
    // [case, scrollTop, viewport, count, overscan, start, end (exclusive)]
    ['the top of a 50,000-row list', 0, 320, 50_000, 5, 0, 14],
    ['scrolled to row 100', 4000, 320, 50_000, 5, 95, 114],
    ['half a row in: the partly shown last row is there', 20, 320, 50_000, 0, 0, 9],
    ['the very end of a 50,000-row list: the last row is rendered', 50_000 * 40 - 320, 320, 50_000, 5, 49_987, 50_000],
    ['scrolled past the end (rubber band): still the last rows', 50_000 * 40, 320, 50_000, 5, 49_994, 50_000],
    ['a list shorter than the viewport: every row', 0, 320, 3, 5, 0, 3],
    ['one row', 0, 320, 1, 5, 0, 1],
    ['near the end of a short list', 4000, 320, 100, 5, 94, 100],
    ['a negative offset (overscroll at the top) counts as the top', -50, 320, 50_000, 5, 0, 14],
    ['a viewport smaller than a row still shows the row and the next', 0, 10, 50_000, 0, 0, 2],
    ['no overscan', 4000, 320, 50_000, 0, 100, 109],
    ['an empty list', 0, 320, 0, 5, 0, 0],
  ])('%s', (_case, scrollTop, viewport, count, overscan, start, end) => {
    expect(windowFor(scrollTop, viewport, rowHeight, count, overscan)).toEqual({ start, end });
  });

  it('is empty without a row height', () => {
    expect(windowFor(0, 320, 0, 100)).toEqual({ start: 0, end: 0 });
  });

  it('at every offset holds every row in view, a few either side, and never 50,000', () => {
    const count = 50_000;
    const overscan = 5;
    for (const viewport of [40, 300, 320, 333]) {
      for (let scrollTop = 0; scrollTop <= count * rowHeight - viewport; scrollTop += 7919) {
        const { start, end } = windowFor(scrollTop, viewport, rowHeight, count, overscan);
        const inView = rowsInView(scrollTop, viewport, count);
        expect(start).toBeLessThanOrEqual(Math.max(0, inView[0]! - overscan));
        expect(end).toBeGreaterThanOrEqual(Math.min(count, inView.at(-1)! + 1 + overscan));
        expect(end - start).toBeLessThanOrEqual(Math.ceil(viewport / rowHeight) + 1 + 2 * overscan);
      }
    }
  });
});

describe('scrollToShow: the active row scrolled into view, moving as little as possible', () => {
  it.each([
    // [case, index, scrollTop, viewport, next scrollTop]
    ['already in view', 3, 0, 320, 0],
    ['the last fully shown row stays', 7, 0, 320, 0],
    ['the next row below: one row down', 8, 0, 320, 40],
    ['far below: the row at the bottom edge', 10, 0, 320, 120],
    ['above: the row at the top edge', 2, 400, 320, 80],
    ['the row at the top edge stays', 10, 400, 320, 400],
    ['the first row of a list scrolled down', 0, 4000, 320, 0],
    ['End on 50,000 rows: the last row at the bottom', 49_999, 0, 320, 50_000 * 40 - 320],
    ['a half-shown row at the top is shown whole', 0, 20, 320, 0],
    ['a half-shown row at the bottom is shown whole', 8, 20, 320, 40],
  ])('%s', (_case, index, scrollTop, viewport, next) => {
    expect(scrollToShow(index, scrollTop, viewport, rowHeight)).toBe(next);
  });

  it('the row it scrolls to is then inside the window', () => {
    for (const index of [0, 1, 13, 14, 500, 49_998, 49_999]) {
      const top = scrollToShow(index, 4000, 320, rowHeight);
      const { start, end } = windowFor(top, 320, rowHeight, 50_000, 0);
      expect(index).toBeGreaterThanOrEqual(start);
      expect(index).toBeLessThan(end);
    }
  });
});
