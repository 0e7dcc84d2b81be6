import { describe, expect, it } from 'vitest';
import type { OrgTreeRow, SearchResult } from '../../core/orgTree/orgTreeEngine';
import {
  currentResults,
  initialPickerState,
  pickerKeyCommand,
  pickerReducer,
  pickerRowAt,
  pickerStatus,
  rowCount,
  searchKeyEntersList,
  visibleRows,
  type PickerEvent,
  type PickerKeyCommand,
  type PickerState,
  type PickerStatus,
} from './pickerState';

const row = (index: number, level: number, extra: Partial<OrgTreeRow> = {}): OrgTreeRow => ({
  index,
  id: `org-${index}`,
  name: `Org ${index}`,
  level,
  hasChildren: false,
  expanded: false,
  posInSet: 1,
  setSize: 1,
  ...extra,
});
// Acme (open) › Sales (open) › EMEA; Acme › Legal (closed, has children); Globex
const treeRows = [row(0, 1, { hasChildren: true, expanded: true }), row(1, 2, { hasChildren: true, expanded: true }), row(2, 3), row(3, 2, { hasChildren: true }), row(4, 1)];
const found: SearchResult = { total: 250, hits: [{ id: 'h0', name: 'Site 1', path: ['Acme'] }, { id: 'h1', name: 'Site 2', path: ['Acme', 'Sales'] }] };
const all: SearchResult = { total: 2, hits: found.hits };

const tree: PickerState = { ...initialPickerState, count: 5, rows: new Map(treeRows.map((r) => [r.index, r])), layout: 1, active: 0 };
const on = (patch: Partial<PickerState>): PickerState => ({ ...tree, ...patch });
const searched = (query: string, answer: SearchResult = found, answeredFor = query): PickerState => on({ query, answer: { query: answeredFor, found: answer } });

describe('pickerReducer', () => {
  it.each<[string, PickerState, PickerEvent, Partial<PickerState>]>([
    ['typing', tree, { type: 'query-typed', query: 'si' }, { query: 'si' }],
    ['the view opens on the current organisation', initialPickerState, { type: 'view-opened', position: { count: 5, index: 3 } }, { count: 5, active: 3, layout: 1 }],
    ['the view opens without a current organisation in it: the first row', initialPickerState, { type: 'view-opened', position: { count: 5, index: -1 } }, { count: 5, active: 0, layout: 1 }],
    ['a search answer: kept with its query, the first hit active', on({ query: 'site', active: 4 }), { type: 'search-answered', query: 'site', found }, { answer: { query: 'site', found }, active: 0 }],
    ['expanding: the new count, the node stays active where it now is', on({ active: 3 }), { type: 'expanded', position: { count: 9, index: 3 } }, { count: 9, active: 3, layout: 2 }],
    ['collapsing a node out of view keeps the active row', on({ active: 2 }), { type: 'expanded', position: { count: 2, index: -1 } }, { count: 2, active: 2, layout: 2 }],
    ['a row made active', tree, { type: 'activated', index: 4 }, { active: 4 }],
  ])('%s', (_case, state, event, patch) => {
    expect(pickerReducer(state, event)).toEqual({ ...state, ...patch });
  });

  it('loaded rows replace the window\'s, by visible index', () => {
    const next = pickerReducer(tree, { type: 'rows-loaded', rows: [row(40, 1), row(41, 2)] });
    expect([...next.rows.keys()]).toEqual([40, 41]);
    expect(next.rows.get(41)?.level).toBe(2);
  });
});

describe('search filtering', () => {
  it.each<[string, PickerState, SearchResult | null, number]>([
    ['not searching: the tree\'s rows', tree, null, 5],
    ['the tree not open yet', initialPickerState, null, 0],
    ['a blank query is no search', searched('   '), null, 5],
    ['the answer to the query typed', searched('site'), found, 2],
    ['an answer to an older query is not shown', searched('site 2', found, 'site'), null, 0],
    ['a query that finds nothing', searched('zzz', { total: 0, hits: [] }), { total: 0, hits: [] }, 0],
  ])('%s', (_case, state, results, count) => {
    expect(currentResults(state)).toEqual(results);
    expect(rowCount(state)).toBe(count);
  });

  it('a search hit is a flat list\'s item with its ancestors\' names', () => {
    expect(pickerRowAt(searched('site'), 1)).toEqual({ id: 'h1', name: 'Site 2', path: ['Acme', 'Sales'], level: 1, hasChildren: false, expanded: false, posInSet: 2, setSize: 2 });
    expect(pickerRowAt(searched('site'), 2)).toBeUndefined();
    expect(pickerRowAt(tree, 2)?.id).toBe('org-2');
  });

  it('the window shows the rows that are there', () => {
    expect(visibleRows(tree, { start: 1, end: 3 }).map(([i, r]) => [i, r.id])).toEqual([
      [1, 'org-1'],
      [2, 'org-2'],
    ]);
    // The last row of the window is included, and nothing past it.
    expect(visibleRows(tree, { start: 3, end: 5 }).map(([i]) => i)).toEqual([3, 4]);
    // Rows still loading are left out.
    expect(visibleRows(tree, { start: 4, end: 8 }).map(([i]) => i)).toEqual([4]);
    expect(visibleRows(searched('site'), { start: 0, end: 14 }).map(([, r]) => r.name)).toEqual(['Site 1', 'Site 2']);
  });
});

describe('pickerStatus', () => {
  it.each<[string, PickerState, PickerStatus]>([
    ['the tree not open yet', initialPickerState, { key: 'Loading' }],
    ['waiting for a search', on({ query: 'site' }), { key: 'Loading' }],
    ['waiting for the newest query', searched('site 2', found, 'site'), { key: 'Loading' }],
    ['nothing found', searched('zzz', { total: 0, hits: [] }), { key: 'NoResultsFound' }],
    ['an empty tree', on({ count: 0, rows: new Map() }), { key: 'NoResultsFound' }],
    ['more found than listed', searched('site'), { key: 'ShowingXOfY', from: 1, to: 2, total: 250 }],
    ['every match listed', searched('site', all), null],
    ['the tree', tree, null],
  ])('%s', (_case, state, status) => {
    expect(pickerStatus(state)).toEqual(status);
  });
});

describe('active-row navigation (pickerKeyCommand)', () => {
  it.each<[string, PickerState, string, boolean, PickerKeyCommand | null]>([
    ['Down', tree, 'ArrowDown', false, { type: 'move', index: 1 }],
    ['Down on the last row stays there', on({ active: 4 }), 'ArrowDown', false, { type: 'move', index: 4 }],
    ['End', tree, 'End', false, { type: 'move', index: 4 }],
    ['Right on a closed node expands it', on({ active: 3 }), 'ArrowRight', false, { type: 'expand', id: 'org-3' }],
    ['Right on an open node enters it', tree, 'ArrowRight', false, { type: 'move', index: 1 }],
    ['Left on an open node collapses it', on({ active: 1 }), 'ArrowLeft', false, { type: 'collapse', id: 'org-1' }],
    ['Left on a leaf climbs to its parent', on({ active: 2 }), 'ArrowLeft', false, { type: 'move', index: 1 }],
    ['Left on a closed child climbs past its sibling\'s children to the parent', on({ active: 3 }), 'ArrowLeft', false, { type: 'move', index: 0 }],
    ['Left on a top-level leaf: handled, nothing changes', on({ active: 4 }), 'ArrowLeft', false, { type: 'stay' }],
    ['right-to-left: Left expands', on({ active: 3 }), 'ArrowLeft', true, { type: 'expand', id: 'org-3' }],
    ['right-to-left: Right climbs', on({ active: 2 }), 'ArrowRight', true, { type: 'move', index: 1 }],
    ['Enter chooses the active row', on({ active: 2 }), 'Enter', false, { type: 'choose', id: 'org-2' }],
    ['Enter chooses the active search hit', searched('site'), 'Enter', false, { type: 'choose', id: 'h0' }],
    ['a search hit has no parent to climb to', on({ ...searched('site'), active: 1 }), 'ArrowLeft', false, { type: 'stay' }],
    ['Down in a search moves among the hits', searched('site'), 'ArrowDown', false, { type: 'move', index: 1 }],
    ['other keys are the page\'s', tree, 'a', false, null],
    ['nothing on an empty list', searched('zzz', { total: 0, hits: [] }), 'ArrowDown', false, null],
  ])('%s', (_case, state, key, rtl, command) => {
    expect(pickerKeyCommand(state, key, rtl)).toEqual(command);
  });

  it.each([
    ['ArrowDown', tree, true],
    ['Enter', searched('site'), true],
    ['ArrowDown', searched('zzz', { total: 0, hits: [] }), false],
    ['ArrowUp', tree, false],
  ] as const)('%s in the search box enters the list: %#', (key, state, enters) => {
    expect(searchKeyEntersList(key, state)).toBe(enters);
  });
});
