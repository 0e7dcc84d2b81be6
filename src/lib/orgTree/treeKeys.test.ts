import { describe, expect, it } from 'vitest';
import { parentIndex, treeKeyAction } from './treeKeys';

describe('treeKeyAction', () => {
  const leaf = { id: 'leaf', hasChildren: false, expanded: false };
  const closed = { id: 'closed', hasChildren: true, expanded: false };
  const open = { id: 'open', hasChildren: true, expanded: true };
  it('moves with Up, Down, Home and End within the list', () => {
    expect(treeKeyAction('ArrowDown', 4, 5, leaf)).toEqual({ type: 'move', index: 4 });
    expect(treeKeyAction('ArrowDown', 1, 5, leaf)).toEqual({ type: 'move', index: 2 });
    expect(treeKeyAction('ArrowUp', 0, 5, leaf)).toEqual({ type: 'move', index: 0 });
    expect(treeKeyAction('Home', 3, 5, leaf)).toEqual({ type: 'move', index: 0 });
    expect(treeKeyAction('End', 0, 5, leaf)).toEqual({ type: 'move', index: 4 });
  });
  it('expands, enters, collapses and climbs with Right and Left (swapped in right-to-left)', () => {
    expect(treeKeyAction('ArrowRight', 1, 5, closed)).toEqual({ type: 'expand', id: 'closed' });
    expect(treeKeyAction('ArrowRight', 1, 5, open)).toEqual({ type: 'move', index: 2 });
    expect(treeKeyAction('ArrowRight', 1, 5, leaf)).toBeNull();
    expect(treeKeyAction('ArrowLeft', 1, 5, open)).toEqual({ type: 'collapse', id: 'open' });
    expect(treeKeyAction('ArrowLeft', 1, 5, leaf)).toEqual({ type: 'parent' });
    expect(treeKeyAction('ArrowLeft', 1, 5, closed, true)).toEqual({ type: 'expand', id: 'closed' });
  });
  it('chooses with Enter and Space; nothing on an empty list', () => {
    expect(treeKeyAction('Enter', 0, 1, leaf)).toEqual({ type: 'choose', id: 'leaf' });
    expect(treeKeyAction(' ', 0, 1, leaf)).toEqual({ type: 'choose', id: 'leaf' });
    expect(treeKeyAction('ArrowDown', 0, 0, undefined)).toBeNull();
  });
});

describe('parentIndex', () => {
  it('finds the nearest loaded row above with a lower level', () => {
    const rows = new Map([
      [0, { level: 1 }],
      [1, { level: 2 }],
      [2, { level: 3 }],
      [3, { level: 2 }],
    ]);
    expect(parentIndex(rows, 3)).toBe(0);
    expect(parentIndex(rows, 2)).toBe(1);
    expect(parentIndex(rows, 0)).toBeNull();
    expect(parentIndex(new Map([[5, { level: 2 }]]), 5)).toBeNull();
  });
});
