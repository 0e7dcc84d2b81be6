import { useDeferredValue, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai';
import { Modal } from '../../../components/dialog/Modal';
import { currentTenantAtom, tenantsAtom, type Tenant } from '../../../lib/state/signedInState';
import { searchByName } from './scopeSearch';
import { useScopeSwitch } from './useScopeSwitch';

const shownAtMost = 50;

function SandboxBadge() {
  const { t } = useTranslation();
  return <span className="chrome__badge">{t('Sandbox')}</span>;
}

/**
 * The current tenant, and with the omni list (TENANTS_LIST) a searchable switcher. Sandbox tenants
 * carry a badge. A switch refreshes the token for the chosen tenant and goes to /landing.
 */
export function TenantSwitcher() {
  const { t } = useTranslation();
  const tenant = useAtomValue(currentTenantAtom);
  const tenants = useAtomValue(tenantsAtom);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!tenant) return null;
  const sandbox = tenant.buyingType === 'SANDBOX';
  if (!tenants || tenants.length < 2) {
    return (
      <span className="chrome__tenant">
        <span data-testid="tenant-name">{tenant.Name}</span>
        {sandbox && <SandboxBadge />}
      </span>
    );
  }
  return (
    <>
      <button ref={opener} type="button" className="chrome__trigger chrome__tenant" aria-haspopup="dialog" aria-label={`${t('SwitchTenant')}: ${tenant.Name}`} onClick={() => setOpen(true)}>
        <span className="chrome__caption" data-testid="tenant-name">
          {tenant.Name}
        </span>
        {sandbox && <SandboxBadge />}
        <span aria-hidden="true" className="chrome__chevron">
          ▾
        </span>
      </button>
      {open && <TenantDialog tenants={tenants} current={tenant} onClose={() => setOpen(false)} opener={() => opener.current} />}
    </>
  );
}

function TenantDialog({ tenants, current, onClose, opener }: { tenants: readonly Tenant[]; current: Tenant; onClose: () => void; opener: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const { busy, run } = useScopeSwitch();
  const searchId = useId();
  const { shown, total } = searchByName(tenants, deferred, shownAtMost, current.Id);
  return (
    <Modal open onClose={onClose} title={t('SwitchTenant')} size="x-small" finalFocusEl={opener}>
      <div className="tenant-switcher">
        <label htmlFor={searchId}>{t('SearchTenants')}</label>
        <input id={searchId} type="search" className="chrome__search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        <p className="chrome__muted" role="status" aria-live="polite">
          {total === 0 ? t('NoResultsFound') : t('ShowingXOfY', { from: 1, to: shown.length, total })}
        </p>
        <ul className="tenant-switcher__list" aria-label={t('AllTenants')} aria-busy={busy}>
          {shown.map((item) => (
            <li key={item.Id}>
              <button
                type="button"
                className="tenant-switcher__option"
                aria-current={item.Id === current.Id ? 'true' : undefined}
                disabled={busy}
                onClick={() => (item.Id === current.Id ? onClose() : void run({ tenant_id: item.Id }))}
              >
                <span>{item.Name}</span>
                {item.buyingType === 'SANDBOX' && <SandboxBadge />}
              </button>
            </li>
          ))}
        </ul>
        {busy && <p role="status">{t('Switching')}</p>}
      </div>
    </Modal>
  );
}
