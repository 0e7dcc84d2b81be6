import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { announcedMaintenance, dismissedAlertIdsAtom, maintenanceAnnouncedAtom } from '../../startup/page/storage';
import { showsMaintenanceBanner } from '../../startup/page/modalRules';
import { machineDateTime, parseUtcNoZone } from '../../lib/datetime/format';
import { useDateTimeFormat } from '../../lib/preferences/useDateTimeFormat';
import { BannerIcon } from './BannerIcon';

/** setTimeout's longest delay: a window that ends later is looked at again then. */
const maxTimerMs = 2_147_483_647;

/**
 * SPEC §2 banner area: the maintenance window announced by the modal this session, in the member's
 * local date-time format, until it ends; dismissed per schedule id with the alert banners.
 */
export function MaintenanceBanner({ onDismiss }: { onDismiss: (alertScheduleId: string) => void }) {
  const { t } = useTranslation();
  const { formatDateTime } = useDateTimeFormat();
  const id = useId();
  // Subscribed so a window this tab announces shows at once; the session entry is read each render
  // (rare: the banner area's), so one announced in another tab shows on this one's next start.
  useAtomValue(maintenanceAnnouncedAtom);
  const dismissed = useAtomValue(dismissedAlertIdsAtom);
  const alert = announcedMaintenance();
  const [now, setNow] = useState(() => Date.now());
  const endMs = alert ? (parseUtcNoZone(alert.maintenanceScheduleAttributes.MaintenanceEndTime)?.getTime() ?? 0) : 0;

  useEffect(() => {
    if (endMs <= now) return;
    // Gone at the end of the window, without a reload.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(endMs - now, maxTimerMs));
    return () => clearTimeout(timer);
  }, [endMs, now]);

  if (!showsMaintenanceBanner(alert, dismissed, now)) return null;
  const { MaintenanceStartTime: start, MaintenanceEndTime: end } = alert.maintenanceScheduleAttributes;
  return (
    <section className="banner banner--warning" aria-labelledby={`${id}-title`} data-alert-id={alert.alertScheduleId}>
      <BannerIcon tone="warning" />
      <p className="banner__message">
        <strong id={`${id}-title`}>{t('ScheduledMaintenance')}</strong>{' '}
        <span className="banner__window">
          <span>
            {t('MaintenanceStartTime')}: <time dateTime={machineDateTime(start)}>{formatDateTime(start)}</time> {t('LocalTime')}
          </span>{' '}
          <span>
            {t('MaintenanceEndTime')}: <time dateTime={machineDateTime(end)}>{formatDateTime(end)}</time> {t('LocalTime')}
          </span>
        </span>
      </p>
      <button type="button" className="banner__dismiss" aria-label={t('Dismiss')} onClick={() => onDismiss(alert.alertScheduleId)}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
