import { useTranslation } from 'react-i18next';
import { machineDateTime } from '../../lib/datetime/format';
import { useDateTimeFormat } from '../../lib/preferences/useDateTimeFormat';
import { useNow } from './useNow';

/** The header's current date and time, in the member's formats (the time hidden for DoNotDisplay). */
export function CurrentDateTime() {
  const { t } = useTranslation();
  const now = useNow();
  const { formatDateTime } = useDateTimeFormat();
  return (
    <time className="current-date-time" dateTime={machineDateTime(now)} title={t('CurrentDateTime')} data-testid="shell-clock">
      {formatDateTime(now)}
    </time>
  );
}
