import { describe, expect, it } from 'vitest';
import { pageRange } from './pageRange';

describe('pagination text numbers (Showing x–y of z)', () => {
  it.each([
    // page, size, total → from, to, pages
    [1, 10, 95, 1, 10, 10],
    [2, 10, 95, 11, 20, 10],
    [10, 10, 95, 91, 95, 10],
    [11, 10, 95, 91, 95, 10], // past the end: the last page
    [0, 10, 95, 1, 10, 10], // before the start: the first page
    [1, 25, 25, 1, 25, 1],
    [1, 10, 0, 0, 0, 1],
    [3, 50, 101, 101, 101, 3],
  ])('page %i of size %i with %i items → %i–%i (%i pages)', (page, size, total, from, to, pages) => {
    expect(pageRange(page, size, total)).toEqual({ from, to, total, pages });
  });
});
