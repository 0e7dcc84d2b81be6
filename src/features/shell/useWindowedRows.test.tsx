// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWindowedRows } from './useWindowedRows';

const rowHeight = 40;

/** A scroll container of `count` rows rendering only its window, as the organisation browser does. */
function List({ count, active, height }: { count: number; active: number; height?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const { start, end, onScroll } = useWindowedRows(ref, { count, active, rowHeight, fallbackHeight: 320 });
  const rows = [];
  for (let i = start; i < end; i++) rows.push(<div key={i} role="listitem">{`row ${i}`}</div>);
  return (
    <div
      role="list"
      ref={(element) => {
        ref.current = element;
        // happy-dom lays nothing out: the height a browser would measure.
        if (element && height !== undefined) Object.defineProperty(element, 'clientHeight', { configurable: true, value: height });
      }}
      onScroll={onScroll}
    >
      {rows}
    </div>
  );
}

const rendered = () => screen.getAllByRole('listitem').map((row) => row.textContent);
const list = () => screen.getByRole('list');
const scrollTo = (top: number) => {
  list().scrollTop = top;
  fireEvent.scroll(list());
};

afterEach(cleanup);

describe('useWindowedRows', () => {
  it('renders a window of a 50,000-row list, not the list, and moves it with the scroll offset', () => {
    render(<List count={50_000} active={0} />);
    // Not laid out yet: the fall-back height (8 rows), the partly shown 9th and 5 more.
    expect(rendered()).toHaveLength(14);
    expect(rendered()[0]).toBe('row 0');
    scrollTo(4000);
    expect(rendered()).toHaveLength(19);
    expect(rendered()[0]).toBe('row 95');
    expect(rendered().at(-1)).toBe('row 113');
  });

  it('measures the viewport', () => {
    render(<List count={50_000} active={0} height={120} />);
    // 3 rows in view, the partly shown 4th, 5 below.
    expect(rendered().at(-1)).toBe('row 8');
  });

  it('scrolls the active row into view, and the window follows', () => {
    const { rerender } = render(<List count={50_000} active={0} />);
    rerender(<List count={50_000} active={200} />);
    // The row at the bottom edge: as little scrolling as shows it whole.
    expect(list().scrollTop).toBe(200 * rowHeight + rowHeight - 320);
    fireEvent.scroll(list());
    expect(rendered()).toContain('row 200');
    // Back up: the row at the top edge.
    rerender(<List count={50_000} active={150} />);
    expect(list().scrollTop).toBe(150 * rowHeight);
    fireEvent.scroll(list());
    expect(rendered()[0]).toBe('row 145');
  });

  it('renders the last row at the end of the list', () => {
    render(<List count={50_000} active={0} />);
    scrollTo(50_000 * rowHeight - 320);
    expect(rendered().at(-1)).toBe('row 49999');
  });

  it('a shorter list is rendered whole; an empty one not at all', () => {
    const { rerender } = render(<List count={3} active={0} />);
    expect(rendered()).toEqual(['row 0', 'row 1', 'row 2']);
    rerender(<List count={0} active={0} />);
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });
});
