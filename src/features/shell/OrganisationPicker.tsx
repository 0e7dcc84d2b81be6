import { startTransition, useCallback, useEffect, useId, useReducer, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { currentOrganisationAtom, orgTreeRevisionAtom, orgTreeStatusAtom } from '../../lib/orgTree/orgTreeAtoms';
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
import './organisationPicker.css';

/** Row height in px (organisationPicker.css sets the same): fixed, so rows can be placed by index. */
const rowHeight = 40;
const searchLimit = 100;
const searchDelayMs = 150;
/** The tree's height before it is laid out (organisationPicker.css: at most 20rem). */
const fallbackHeight = 320;

/** Panel width in px at most (organisationPicker.css's max), and the margin kept to the viewport's edges. */
const panelWidth = 448;
const edge = 8;

/**
 * The top bar's organisation picker: the current organisation, and a searchable tree to choose
 * another. A plain disclosure with a non-modal dialog rather than a positioning library: opening it
 * must stay well under 50 ms of main-thread work even beside a 50,000-organisation tree.
 */
export function OrganisationPicker() {
  const { t } = useTranslation();
  const current = useAtomValue(currentOrganisationAtom);
  const status = useAtomValue(orgTreeStatusAtom);
  const [offset, setOffset] = useState<number | null>(null);
  const open = offset !== null;
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  function show() {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    // One layout read: keep the panel inside the viewport (360 px wide screens included).
    const box = wrapper.getBoundingClientRect();
    const width = Math.min(panelWidth, window.innerWidth - 2 * edge);
    const left = Math.min(Math.max(edge, box.right - width), window.innerWidth - width - edge);
    // A transition: React renders the panel in slices that yield to the browser, so the click
    // never becomes one long main-thread task (the 50 ms budget with 50,000 organisations).
    startTransition(() => setOffset(left - box.left));
  }

  const close = useCallback((returnFocus: boolean) => {
    setOffset(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  return (
    <div
      className="org-picker__wrapper"
      ref={wrapperRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          close(true);
        }
      }}
      onBlur={(event) => {
        // Tabbing out of the picker closes it.
        if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="org-picker__trigger"
        data-testid="organisation-picker"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : show())}
      >
        <span className="org-picker__label">{t('Organisation')}</span>
        <span className="org-picker__name">{current?.Name ?? (status === 'loading' ? t('Loading') : '–')}</span>
      </button>
      {open && (
        <div id={panelId} className="org-picker" role="dialog" aria-labelledby={`${panelId}-title`} style={{ left: offset }}>
          <h2 id={`${panelId}-title`} className="org-picker__title">
            {t('Organisations')}
          </h2>
          <OrganisationBrowser searchRef={searchRef} onChosen={() => close(true)} />
        </div>
      )}
    </div>
  );
}

interface BrowserProps {
  searchRef: RefObject<HTMLInputElement | null>;
  onChosen: () => void;
}

/** Search box and virtualised tree; rows come from the engine (worker) a window at a time. */
function OrganisationBrowser({ searchRef, onChosen }: BrowserProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const current = useAtomValue(currentOrganisationAtom);
  const revision = useAtomValue(orgTreeRevisionAtom);
  const treeRef = useRef<HTMLDivElement>(null);
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
