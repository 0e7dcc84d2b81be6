/**
 * Virtual scrolling for the organisation picker: only the rows in view (plus a few either side)
 * are asked for and put in the DOM, however many the tree has.
 */
export interface RowWindow {
  start: number;
  /** Exclusive. */
  end: number;
}

export function windowFor(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan = 5): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(count - 1, first) - overscan);
  const end = Math.min(count, first + Math.ceil(Math.max(viewport, rowHeight) / rowHeight) + 1 + overscan);
  return { start, end };
}

/** The scroll offset that brings row `index` into view, moving as little as possible. */
export function scrollToShow(index: number, scrollTop: number, viewport: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewport) return Math.max(0, top + rowHeight - viewport);
  return scrollTop;
}
