import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { offersUpgrade, renewalDue } from '../../core/sales/salesCase';
import { fetchSubscriptions } from '../../lib/sales/salesApi';
import { openUpgrade, requestRenewal, salesBusyAtom } from '../../lib/sales/salesFlow';
import { currentTenantAtom } from '../../lib/state/signedInState';
import { useAtomValue } from '../../state/jotai';

/**
 * The top bar's entry points: Upgrade for free and trial tenants; Request renewal
 * when the tenant's subscriptions call for one (read once per tenant; a failed read offers none).
 */
export function SalesActions() {
  const { t } = useTranslation();
  const tenant = useAtomValue(currentTenantAtom);
  const busy = useAtomValue(salesBusyAtom);
  const [renewal, setRenewal] = useState(false);
  const tenantId = tenant?.Id ?? null;

  useEffect(() => {
    if (!tenantId) return;
    let live = true;
    void fetchSubscriptions(false).then((list) => {
      if (live) setRenewal(list !== null && renewalDue(list, Date.now()));
    });
    return () => {
      live = false;
    };
  }, [tenantId]);

  return (
    <>
      {offersUpgrade(tenant?.buyingType) && (
        <button type="button" className="chrome__trigger sales-action" aria-haspopup="dialog" onClick={openUpgrade}>
          {t('UpgradeNow')}
        </button>
      )}
      {renewal && (
        <button type="button" className="chrome__trigger sales-action" aria-haspopup="dialog" disabled={busy !== null} aria-busy={busy === 'renewal' || undefined} onClick={() => void requestRenewal()}>
          {t('RequestRenewal')}
        </button>
      )}
    </>
  );
}
