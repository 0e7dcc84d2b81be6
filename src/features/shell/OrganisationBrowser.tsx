import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { currentOrganisationAtom, orgTreeRevisionAtom } from '../../lib/orgTree/orgTreeAtoms';
import { orgTreeEngine } from '../../lib/orgTree/orgTreeClient';
import { chooseOrganisation } from '../../lib/orgTree/chooseOrganisation';
import { parentIndex, treeKeyAction } from '../../lib/orgTree/treeKeys';
import { scrollToShow, windowFor } from '../../lib/orgTree/virtualWindow';
import type { OrgTreeRow, SearchResult } from '../../core/orgTree/orgTreeEngine';

/** Row height in px (organisationPicker.css sets the same): fixed, so rows can be placed by index. */
const rowHeight = 40;
const searchLimit = 100;
const searchDelayMs = 150;

interface PickerRow extends Omit<OrgTreeRow, 'index'> {
  path?: string[];
}

interface BrowserProps {
  searchRef: RefObject<HTMLInputElement | null>;
  onChosen: () => void;
}

/** Search box and virtualised tree; rows come from the engine (worker) a window at a time. */
export function OrganisationBrowser({ searchRef, onChosen }: BrowserProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const current = useAtomValue(currentOrganisationAtom);
  const revision = useAtomValue(orgTreeRevisionAtom);
  const treeRef = useRef<HTMLDivElement>(null);
  // The picker focuses the search box when it opens; if this code arrived later, here.
  useEffect(() => searchRef.current?.focus(), [searchRef]);
  const [query, setQuery] = useState('');
  // Results are kept with the query they answer, so a cleared or changed query ignores old ones.
  const [answer, setAnswer] = useState<{ query: string; found: SearchResult } | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [rows, setRows] = useState<ReadonlyMap<number, PickerRow>>(new Map());
  const [layout, setLayout] = useState(0);
  const [active, setActive] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(320);
  const searching = query.trim() !== '';

  // The tree view: opened on the current organisation; reopened when the tree changes.
  useEffect(() => {
    let live = true;
    void orgTreeEngine()
      .then((engine) => engine.openView('full'))
      .then((position) => {
        if (!live) return;
        setCount(position.count);
        setActive(Math.max(0, position.index));
        setLayout((n) => n + 1);
      });
    return () => {
      live = false;
    };
  }, [revision]);

  // Search runs in the engine once typing pauses.
  useEffect(() => {
    if (!searching) return;
    let live = true;
    const timer = setTimeout(() => {
      void orgTreeEngine()
        .then((engine) => engine.search(query, searchLimit))
        .then((found) => {
          if (!live) return;
          setAnswer({ query, found });
          setActive(0);
        });
    }, searchDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, searching, revision]);

  const results = searching && answer?.query === query ? answer.found : null;
  const total = searching ? (results?.hits.length ?? 0) : (count ?? 0);
  const { start, end } = windowFor(scrollTop, viewport, rowHeight, total);

  // Tree rows for the window in view (search hits are already here).
  useEffect(() => {
    if (searching) return;
    let live = true;
    void orgTreeEngine()
      .then((engine) => engine.rows(start, end - start))
      .then((loaded) => {
        if (live) setRows(new Map(loaded.map((row) => [row.index, row])));
      });
    return () => {
      live = false;
    };
  }, [searching, start, end, layout]);

  const rowAt = useCallback(
    (index: number): PickerRow | undefined => {
      if (!searching) return rows.get(index);
      const hit = results?.hits[index];
      return hit && { ...hit, level: 1, hasChildren: false, expanded: false, posInSet: index + 1, setSize: results.hits.length };
    },
    [searching, rows, results],
  );

  useLayoutEffect(() => {
    const tree = treeRef.current;
    if (!tree) return;
    setViewport(tree.clientHeight || 320);
    const next = scrollToShow(active, tree.scrollTop, tree.clientHeight || 320, rowHeight);
    if (next !== tree.scrollTop) tree.scrollTop = next;
  }, [active, total]);

  async function choose(id: string) {
    if ((await chooseOrganisation(id)) === 'same-scope') onChosen();
  }

  async function setExpanded(id: string, expanded: boolean) {
    const position = await (await orgTreeEngine()).setExpanded(id, expanded);
    setCount(position.count);
    if (position.index >= 0) setActive(position.index);
    setLayout((n) => n + 1);
  }

  function onTreeKey(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const action = treeKeyAction(event.key, active, total, rowAt(active), rtl);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'move') setActive(action.index);
    else if (action.type === 'expand') void setExpanded(action.id, true);
    else if (action.type === 'collapse') void setExpanded(action.id, false);
    else if (action.type === 'parent') {
      const parent = searching ? null : parentIndex(rows, active);
      if (parent !== null) setActive(parent);
    } else void choose(action.id);
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'ArrowDown' || event.key === 'Enter') && total > 0) {
      event.preventDefault();
      treeRef.current?.focus();
    }
  }

  const rowId = (index: number) => `${baseId}-row-${index}`;
  const activeRow = rowAt(active);
  const visible: Array<[number, PickerRow]> = [];
  for (let i = start; i < end; i++) {
    const row = rowAt(i);
    if (row) visible.push([i, row]);
  }
  const loading = searching ? results === null : count === null;

  return (
    <div className="org-picker__body">
      <label className="visually-hidden" htmlFor={`${baseId}-search`}>
        {t('SearchOrganisations')}
      </label>
      <input
        ref={searchRef}
        id={`${baseId}-search`}
        className="org-picker__search"
        type="search"
        autoComplete="off"
        placeholder={t('SearchOrganisations')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onSearchKey}
      />
      <p className="org-picker__status" role="status">
        {loading
          ? t('Loading')
          : total === 0
            ? t('NoResultsFound')
            : searching && results && results.total > results.hits.length
              ? t('ShowingXOfY', { from: 1, to: results.hits.length, total: results.total })
              : ''}
      </p>
      <div
        ref={treeRef}
        className="org-picker__tree"
        role="tree"
        aria-label={t('Organisations')}
        tabIndex={0}
        hidden={total === 0}
        aria-activedescendant={activeRow ? rowId(active) : undefined}
        onKeyDown={onTreeKey}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <div className="org-picker__spacer" style={{ blockSize: total * rowHeight }}>
          {visible.map(([index, row]) => (
            <div
              key={`${index}:${row.id}`}
              id={rowId(index)}
              role="treeitem"
              className="org-picker__row"
              data-active={index === active || undefined}
              aria-level={row.level}
              aria-posinset={row.posInSet}
              aria-setsize={row.setSize}
              aria-expanded={row.hasChildren ? row.expanded : undefined}
              aria-selected={row.id === current?.Id}
              style={{ insetBlockStart: index * rowHeight, paddingInlineStart: `${(row.level - 1) * 1.25 + 0.5}rem` }}
              onClick={() => {
                setActive(index);
                void choose(row.id);
              }}
            >
              <span
                className="org-picker__toggle"
                data-state={row.hasChildren ? (row.expanded ? 'open' : 'closed') : undefined}
                aria-hidden="true"
                title={row.hasChildren ? t(row.expanded ? 'Collapse' : 'Expand') : undefined}
                onClick={(e) => {
                  if (!row.hasChildren) return;
                  e.stopPropagation();
                  setActive(index);
                  void setExpanded(row.id, !row.expanded);
                }}
              />
              <span className="org-picker__text">
                <span className="org-picker__row-name">{row.name}</span>
                {row.path && row.path.length > 0 && <span className="org-picker__path">{row.path.join(' › ')}</span>}
              </span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export default OrganisationBrowser;
