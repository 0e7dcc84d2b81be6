import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai';
import { currentTenantAtom } from '../../../lib/state/signedInState';
import { namedOrganisationAtom } from '../../../lib/orgTree/orgTreeAtoms';
import { OrganisationPicker } from '../OrganisationPicker';
import { lazyInTurn } from '../../../lib/partsInTurn';
import { TenantSwitcher } from './TenantSwitcher';
import { OrgGroupSwitch } from './OrgGroupSwitch';
import { useMediaQuery, wideBar } from './useMediaQuery';

// The sales entry points (and the sales flow's code) load once the first screen is on screen.
const LoadedSalesActions = lazyInTurn(() => import('../../sales/SalesActions.chunk').then((m) => m.SalesActions));

function SalesActions() {
  return (
    <Suspense fallback={null}>
      <LoadedSalesActions />
    </Suspense>
  );
}

/** Tenant › organisation group › organisation: each level opens its own switcher. */
function Trail({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="scope__trail" role="group" aria-label={t('Tenant')}>
      <TenantSwitcher />
      <Separator />
      <OrgGroupSwitch />
      <Separator />
      <OrganisationPicker inline={compact} />
    </div>
  );
}

/** A chevron between two levels; drawn only between two shown levels (CSS), mirrored in rtl. */
function Separator() {
  return <span className="scope__separator" aria-hidden="true" />;
}

/**
 * The scope switcher. From 1024 px: a breadcrumb-like row in the bar, then the sales entry. Below:
 * one button naming the current organisation that opens a panel under the bar with the same
 * switchers stacked (and the sales entry), so a phone's bar stays one row.
 */
export function ScopeBar() {
  const wide = useMediaQuery(wideBar);
  if (wide) {
    return (
      <div className="scope scope--wide">
        <Trail />
        <SalesActions />
      </div>
    );
  }
  return (
    <CompactScope>
      <Trail compact />
      <div className="scope__sales">
        <SalesActions />
      </div>
    </CompactScope>
  );
}

function CompactScope({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const tenant = useAtomValue(currentTenantAtom);
  const organisation = useAtomValue(namedOrganisationAtom);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // A click outside the panel (and outside anything it opened: a menu, the tenant dialog) closes it.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || wrapper.current?.contains(target) || target.closest('[role="dialog"], [role="menu"]')) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const caption = organisation?.Name ?? tenant?.Name ?? t('Organisation');
  return (
    <div
      className="scope scope--compact"
      ref={wrapper}
      onKeyDown={(event) => {
        // Escape inside an open menu or picker closes that first (they stop it); then the panel.
        const inMenu = (event.target as Element).closest('[role="menu"], [role="dialog"]');
        if (event.key === 'Escape' && open && !event.defaultPrevented && !inMenu) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="chrome__trigger scope__toggle"
        data-scope-toggle=""
        data-chrome-control="scope"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${t('Tenant')}, ${t('Organisation')}: ${[tenant?.Name, organisation?.Name].filter(Boolean).join(' › ')}`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="scope__toggle-text">
          {tenant && <span className="scope__toggle-tenant">{tenant.Name}</span>}
          <span className="chrome__caption scope__toggle-org">{caption}</span>
        </span>
        <span aria-hidden="true" className="chrome__chevron">
          ▾
        </span>
      </button>
      <div id={panelId} className="scope__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
