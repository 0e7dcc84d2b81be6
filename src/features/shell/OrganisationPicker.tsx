import { lazy, startTransition, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { namedOrganisationAtom, orgTreeStatusAtom } from '../../lib/orgTree/orgTreeAtoms';
import { firstScreenShown } from '../../lib/firstScreen';
import './organisationPicker.css';

// The search and tree (OrganisationBrowser) are not on the first screen: fetched once it is on
// screen, so the panel opens without waiting for the network.
const loadBrowser = () => import('./OrganisationBrowser.chunk');
const OrganisationBrowser = lazy(loadBrowser);
void firstScreenShown.then(loadBrowser).catch(() => undefined);

/** Panel width in px at most (organisationPicker.css's max), and the margin kept to the viewport's edges. */
const panelWidth = 448;
const edge = 8;

/**
 * The top bar's organisation picker: the current organisation, and a searchable tree to choose
 * another. A plain disclosure with a non-modal dialog rather than a positioning library: opening it
 * must stay well under 50 ms of main-thread work even beside a 50,000-organisation tree.
 * `inline`: inside the phone's scope panel the tree opens in the panel's flow, under its button,
 * so it never floats over the panel's edge.
 */
export function OrganisationPicker({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const named = useAtomValue(namedOrganisationAtom);
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
    if (inline) {
      startTransition(() => setOffset(0));
      return;
    }
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
        data-chrome-control="organisation"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : show())}
      >
        <span className="org-picker__label">{t('Organisation')}</span>
        <span className="org-picker__name">{named?.Name ?? (status === 'loading' ? t('Loading') : '–')}</span>
      </button>
      {open && (
        <div
          id={panelId}
          className={inline ? 'org-picker org-picker--inline' : 'org-picker'}
          role="dialog"
          aria-labelledby={`${panelId}-title`}
          style={inline ? undefined : { left: offset }}
        >
          <h2 id={`${panelId}-title`} className="org-picker__title">
            {t('Organisations')}
          </h2>
          <Suspense fallback={null}>
            <OrganisationBrowser searchRef={searchRef} onChosen={() => close(true)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
