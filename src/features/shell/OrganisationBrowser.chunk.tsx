import { useEffect, useId, useReducer, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { currentOrganisationAtom, orgTreeRevisionAtom } from '../../lib/orgTree/orgTreeAtoms';
import { orgTreeEngine } from '../../lib/orgTree/orgTreeClient';
import { chooseOrganisation } from '../../lib/orgTree/chooseOrganisation';
import {
  initialPickerState,
  isSearching,
  pickerKeyCommand,
  pickerReducer,
  pickerRowAt,
  pickerStatus,
  rowCount,
  searchKeyEntersList,
  visibleRows,
} from '../../lib/orgTree/pickerState';
import { useWindowedRows } from './useWindowedRows';

/** Row height in px (organisationPicker.css sets the same): fixed, so rows can be placed by index. */
const rowHeight = 40;
const searchLimit = 100;
const searchDelayMs = 150;
/** The tree's height before it is laid out (organisationPicker.css: at most 20rem). */
const fallbackHeight = 320;

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
  const [state, dispatch] = useReducer(pickerReducer, initialPickerState);
  const { query, active, layout } = state;
  const searching = isSearching(state);
  const total = rowCount(state);
  const { start, end, onScroll } = useWindowedRows(treeRef, { count: total, active, rowHeight, fallbackHeight });

  // The tree view: opened on the current organisation; reopened when the tree changes.
  useEffect(() => {
    let live = true;
    void orgTreeEngine()
      .then((engine) => engine.openView('full'))
      .then((position) => {
        if (live) dispatch({ type: 'view-opened', position });
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
          if (live) dispatch({ type: 'search-answered', query, found });
        });
    }, searchDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, searching, revision]);

  // Tree rows for the window in view (search hits are already here).
  useEffect(() => {
    if (searching) return;
    let live = true;
    void orgTreeEngine()
      .then((engine) => engine.rows(start, end - start))
      .then((rows) => {
        if (live) dispatch({ type: 'rows-loaded', rows });
      });
    return () => {
      live = false;
    };
  }, [searching, start, end, layout]);

  async function choose(id: string) {
    if ((await chooseOrganisation(id)) === 'same-scope') onChosen();
  }

  async function setExpanded(id: string, expanded: boolean) {
    const position = await (await orgTreeEngine()).setExpanded(id, expanded);
    dispatch({ type: 'expanded', position });
  }

  function onTreeKey(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const command = pickerKeyCommand(state, event.key, rtl);
    if (!command) return;
    event.preventDefault();
    if (command.type === 'move') dispatch({ type: 'activated', index: command.index });
    else if (command.type === 'expand') void setExpanded(command.id, true);
    else if (command.type === 'collapse') void setExpanded(command.id, false);
    else if (command.type === 'choose') void choose(command.id);
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (searchKeyEntersList(event.key, state)) {
      event.preventDefault();
      treeRef.current?.focus();
    }
  }

  const rowId = (index: number) => `${baseId}-row-${index}`;
  const activeRow = pickerRowAt(state, active);
  const visible = visibleRows(state, { start, end });
  const status = pickerStatus(state);

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
        onChange={(e) => dispatch({ type: 'query-typed', query: e.target.value })}
        onKeyDown={onSearchKey}
      />
      <p className="org-picker__status" role="status">
        {status && t(status.key, status.key === 'ShowingXOfY' ? { from: status.from, to: status.to, total: status.total } : undefined)}
      </p>
      <div
        ref={treeRef}
        className="org-picker__tree"
        role="tree"
        aria-label={t('Organisations')}
        tabIndex={0}
        hidden={total === 0}
        // Its rows and borders, no empty space under a short list (the stylesheet caps it).
        style={{ blockSize: total * rowHeight + 2 }}
        aria-activedescendant={activeRow ? rowId(active) : undefined}
        onKeyDown={onTreeKey}
        onScroll={onScroll}
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
                dispatch({ type: 'activated', index });
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
                  dispatch({ type: 'activated', index });
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
