/**
 * The organisation browser's state without React: the query and the search answer it waits for,
 * the tree view's row count and loaded rows, the active row. The rows themselves come from the
 * engine (worker) a window at a time; which window is `virtualWindow`'s, the keys' `treeKeys`'.
 */
import type { OrgTreeRow, SearchResult, ViewPosition } from '../../core/orgTree/orgTreeEngine';
import { parentIndex, treeKeyAction } from './treeKeys';
import type { RowWindow } from './virtualWindow';

/** A row as the browser shows it: a tree row, or a search hit with its ancestors' names. */
export interface PickerRow extends Omit<OrgTreeRow, 'index'> {
  path?: string[];
}

export interface PickerState {
  query: string;
  /** Kept with the query it answers, so a cleared or changed query ignores an old answer. */
  answer: { query: string; found: SearchResult } | null;
  /** Visible rows of the tree view; null until the view is open. */
  count: number | null;
  /** Loaded tree rows by visible index. */
  rows: ReadonlyMap<number, PickerRow>;
  /** Bumped when the tree's shape changed (opened, expanded, collapsed): the window's rows are asked again. */
  layout: number;
  active: number;
}

export type PickerEvent =
  | { type: 'query-typed'; query: string }
  /** The tree view opened on the current organisation (index -1: none). */
  | { type: 'view-opened'; position: ViewPosition }
  | { type: 'search-answered'; query: string; found: SearchResult }
  | { type: 'rows-loaded'; rows: readonly OrgTreeRow[] }
  /** A node expanded or collapsed: the new row count, and where that node now is (-1: out of view). */
  | { type: 'expanded'; position: ViewPosition }
  | { type: 'activated'; index: number };

export const initialPickerState: PickerState = { query: '', answer: null, count: null, rows: new Map(), layout: 0, active: 0 };

export function pickerReducer(state: PickerState, event: PickerEvent): PickerState {
  switch (event.type) {
    case 'query-typed':
      return { ...state, query: event.query };
    case 'view-opened':
      return { ...state, count: event.position.count, active: Math.max(0, event.position.index), layout: state.layout + 1 };
    case 'search-answered':
      return { ...state, answer: { query: event.query, found: event.found }, active: 0 };
    case 'rows-loaded':
      return { ...state, rows: new Map(event.rows.map((row) => [row.index, row])) };
    case 'expanded':
      return { ...state, count: event.position.count, active: event.position.index >= 0 ? event.position.index : state.active, layout: state.layout + 1 };
    case 'activated':
      return { ...state, active: event.index };
  }
}

export function isSearching(state: PickerState): boolean {
  return state.query.trim() !== '';
}

/** The answer to the query now typed, or null (not searching, or still waiting for it). */
export function currentResults(state: PickerState): SearchResult | null {
  return isSearching(state) && state.answer?.query === state.query ? state.answer.found : null;
}

/** Rows in the list: search hits while searching, else the tree view's visible rows. */
export function rowCount(state: PickerState): number {
  return isSearching(state) ? (currentResults(state)?.hits.length ?? 0) : (state.count ?? 0);
}

/** The row at a visible index: a loaded tree row, or a search hit shown as a flat list's item. */
export function pickerRowAt(state: PickerState, index: number): PickerRow | undefined {
  if (!isSearching(state)) return state.rows.get(index);
  const hits = currentResults(state)?.hits;
  const hit = hits?.[index];
  return hit && { ...hit, level: 1, hasChildren: false, expanded: false, posInSet: index + 1, setSize: hits.length };
}

/** The rows of a window that are there to show (tree rows still loading are left out). */
export function visibleRows(state: PickerState, { start, end }: RowWindow): Array<[number, PickerRow]> {
  const out: Array<[number, PickerRow]> = [];
  for (let i = start; i < end; i++) {
    const row = pickerRowAt(state, i);
    if (row) out.push([i, row]);
  }
  return out;
}

export type PickerStatus =
  | { key: 'Loading' }
  | { key: 'NoResultsFound' }
  /** Only the first hits are listed. */
  | { key: 'ShowingXOfY'; from: 1; to: number; total: number }
  | null;

/** The status line under the search box. */
export function pickerStatus(state: PickerState): PickerStatus {
  const results = currentResults(state);
  if (isSearching(state) ? results === null : state.count === null) return { key: 'Loading' };
  if (rowCount(state) === 0) return { key: 'NoResultsFound' };
  if (results && results.total > results.hits.length) return { key: 'ShowingXOfY', from: 1, to: results.hits.length, total: results.total };
  return null;
}

export type PickerKeyCommand =
  | { type: 'move'; index: number }
  | { type: 'expand' | 'collapse' | 'choose'; id: string }
  /** The key is the tree's (its default is kept from the page) but changes nothing: no parent to climb to. */
  | { type: 'stay' };

/**
 * What a key on the tree does, with the parent step resolved: the nearest loaded row above with a
 * lower level (a search's flat list has no parents).
 */
export function pickerKeyCommand(state: PickerState, key: string, rtl: boolean): PickerKeyCommand | null {
  const action = treeKeyAction(key, state.active, rowCount(state), pickerRowAt(state, state.active), rtl);
  if (!action) return null;
  if (action.type !== 'parent') return action;
  const parent = isSearching(state) ? null : parentIndex(state.rows, state.active);
  return parent === null ? { type: 'stay' } : { type: 'move', index: parent };
}

/** Down or Enter in the search box moves focus to the list, when there is one. */
export function searchKeyEntersList(key: string, state: PickerState): boolean {
  return (key === 'ArrowDown' || key === 'Enter') && rowCount(state) > 0;
}
