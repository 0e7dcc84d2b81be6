/**
 * Keyboard of the organisation picker's tree (WAI-ARIA tree pattern, focus on the tree with
 * aria-activedescendant): what a key does to the active row. Right and Left swap in right-to-left.
 */
export interface KeyRow {
  id: string;
  hasChildren: boolean;
  expanded: boolean;
}

export type TreeKeyAction =
  | { type: 'move'; index: number }
  | { type: 'expand'; id: string }
  | { type: 'collapse'; id: string }
  | { type: 'parent' }
  | { type: 'choose'; id: string };

export function treeKeyAction(key: string, active: number, count: number, row: KeyRow | undefined, rtl = false): TreeKeyAction | null {
  if (count <= 0) return null;
  const last = count - 1;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case 'ArrowDown':
      return { type: 'move', index: Math.min(last, active + 1) };
    case 'ArrowUp':
      return { type: 'move', index: Math.max(0, active - 1) };
    case 'Home':
      return { type: 'move', index: 0 };
    case 'End':
      return { type: 'move', index: last };
    case forward:
      if (!row?.hasChildren) return null;
      return row.expanded ? { type: 'move', index: Math.min(last, active + 1) } : { type: 'expand', id: row.id };
    case back:
      if (!row) return null;
      return row.expanded ? { type: 'collapse', id: row.id } : { type: 'parent' };
    case 'Enter':
    case ' ':
      return row ? { type: 'choose', id: row.id } : null;
    default:
      return null;
  }
}

/** The visible index of a row's parent: the nearest row above with a lower level, among those loaded. */
export function parentIndex(rows: ReadonlyMap<number, { level: number }>, active: number): number | null {
  const level = rows.get(active)?.level;
  if (level === undefined || level <= 1) return null;
  for (let i = active - 1; i >= 0; i--) {
    const row = rows.get(i);
    if (!row) return null;
    if (row.level < level) return i;
  }
  return null;
}
