import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/dialog/Modal';
import type { Tenant } from '../../../lib/state/signedInState';
import { searchByName } from './scopeSearch';
import { SandboxBadge } from './TenantSwitcher';
import { useScopeSwitch } from './useScopeSwitch';

const shownAtMost = 50;

/** TenantSwitcher's searchable list of tenants, loaded when it is first opened. */
export function TenantDialog({ tenants, current, onClose, opener }: { tenants: readonly Tenant[]; current: Tenant; onClose: () => void; opener: () => HTMLElement | null }) {
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

export default TenantDialog;
