import { useCallback, useLayoutEffect, useState, type RefObject, type UIEvent } from 'react';
import { scrollToShow, windowFor, type RowWindow } from '../../lib/orgTree/virtualWindow';

export interface WindowedRowsOptions {
  /** Rows in the list (50,000 with a big organisation). */
  count: number;
  /** The active (keyboard) row: the list scrolls as little as it must to show it. */
  active: number;
  /** Fixed row height in px, so a row is placed by its index. */
  rowHeight: number;
  /** The viewport's height before it has one to measure (not laid out yet). */
  fallbackHeight: number;
}

export interface WindowedRows extends RowWindow {
  /** The scroll container's onScroll. */
  onScroll: (event: UIEvent<HTMLElement>) => void;
}

/**
 * Virtual scrolling for a scroll container (`viewportRef`): which rows to render for its scroll
 * offset and height (virtualWindow.windowFor), and the active row scrolled into view when it or the
 * row count changes.
 */
export function useWindowedRows(viewportRef: RefObject<HTMLElement | null>, { count, active, rowHeight, fallbackHeight }: WindowedRowsOptions): WindowedRows {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(fallbackHeight);

  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const height = element.clientHeight || fallbackHeight;
    setViewport(height);
    const next = scrollToShow(active, element.scrollTop, height, rowHeight);
    if (next !== element.scrollTop) element.scrollTop = next;
  }, [viewportRef, active, count, rowHeight, fallbackHeight]);

  const onScroll = useCallback((event: UIEvent<HTMLElement>) => setScrollTop(event.currentTarget.scrollTop), []);
  return { ...windowFor(scrollTop, viewport, rowHeight, count), onScroll };
}
