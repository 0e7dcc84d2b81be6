import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai';
import { currentTenantAtom, tenantsAtom } from '../../../lib/state/signedInState';

// The switcher's dialog (the kit's dialog, the search) loads when it is first opened.
const TenantDialog = lazy(() => import('./TenantDialog.chunk'));

export function SandboxBadge() {
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
        <span className="scope__level">{t('Tenant')}</span>
        <span data-testid="tenant-name">{tenant.Name}</span>
        {sandbox && <SandboxBadge />}
      </span>
    );
  }
  return (
    <>
      <button ref={opener} type="button" className="chrome__trigger chrome__tenant" data-chrome-control="tenant" aria-haspopup="dialog" aria-label={`${t('SwitchTenant')}: ${tenant.Name}`} onClick={() => setOpen(true)}>
        <span className="scope__level">{t('Tenant')}</span>
        <span className="chrome__caption" data-testid="tenant-name">
          {tenant.Name}
        </span>
        {sandbox && <SandboxBadge />}
        <span aria-hidden="true" className="chrome__chevron">
          ▾
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <TenantDialog tenants={tenants} current={tenant} onClose={() => setOpen(false)} opener={() => opener.current} />
        </Suspense>
      )}
    </>
  );
}
