import { useTranslation } from 'react-i18next';
import { salesErrorAtom } from '../../lib/sales/salesFlow';
import { useAtomValue } from '../../state/jotai';

/** The failure of the last action, inside the modal (the page's toasts are hidden behind it). */
export function SalesError() {
  const { t } = useTranslation();
  const error = useAtomValue(salesErrorAtom);
  return error ? (
    <p className="sales-error" role="alert">
      <strong>{t('SalesforceCaseError')}</strong> {t(error)}
    </p>
  ) : null;
}
