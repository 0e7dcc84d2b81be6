import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { useCloseOnce } from './useCloseOnce';
import { Modal } from '../../components/dialog/Modal';
import { Button } from '../../components/button/Button';
import { CheckboxField } from '../../components/form/fields';
import { runtimeConfigAtom } from '../../config/configAtom';
import { contentAtom } from '../../lib/state/signedInState';
import { useDateTimeFormat } from '../../lib/preferences/useDateTimeFormat';
import { machineDateTime } from '../../lib/datetime/format';
import { toSafeContent } from '../../lib/safeContent/safeContent';
import type { MaintenanceAlert } from '../../lib/alerts/alertSchemas';
import { maintenanceMoreInformation } from '../page/maintenance';

export interface MaintenanceModalProps {
  alert: MaintenanceAlert;
  /** Continue, the X or Escape; `doNotShowAgain` is the checkbox's state at that moment. */
  onClose: (doNotShowAgain: boolean) => void;
}

/** SPEC §2 Scheduled Maintenance modal: UTC times shown in the member's local date-time format. */
export function MaintenanceModal({ alert, onClose }: MaintenanceModalProps) {
  const { t } = useTranslation();
  const { formatDateTime } = useDateTimeFormat();
  const content = useAtomValue(contentAtom);
  const { systemStatusUrl } = useAtomValue(runtimeConfigAtom);
  const [doNotShowAgain, setDoNotShowAgain] = useState(false);
  const moreInformation = maintenanceMoreInformation(Boolean(content?.License), systemStatusUrl ? toSafeContent(systemStatusUrl, 'url') : null);
  const { MaintenanceStartTime: start, MaintenanceEndTime: end } = alert.maintenanceScheduleAttributes;

  const answer = useCloseOnce(onClose);
  const close = () => answer(doNotShowAgain);

  return (
    <Modal
      open
      onClose={close}
      title={t('ScheduledMaintenance')}
      description={t('ScheduledMaintenanceSubheading')}
      footer={<Button onClick={close}>{t('Continue')}</Button>}
      className="startup-modal"
    >
      <dl className="startup-modal__times">
        <dt>{t('MaintenanceStartTime')}</dt>
        <dd data-testid="maintenance-start">
          <time dateTime={machineDateTime(start)}>{formatDateTime(start)}</time> {t('LocalTime')}
        </dd>
        <dt>{t('MaintenanceEndTime')}</dt>
        <dd data-testid="maintenance-end">
          <time dateTime={machineDateTime(end)}>{formatDateTime(end)}</time> {t('LocalTime')}
        </dd>
      </dl>
      <p>{t('ScheduledMaintenanceDescription')}</p>
      {moreInformation && (
        <p>
          <a href={moreInformation} target="_blank" rel="noopener noreferrer">
            {t('MoreInformation')}
          </a>
        </p>
      )}
      <CheckboxField label={t('DoNotShowAgain')} checked={doNotShowAgain} onChange={(e) => setDoNotShowAgain(e.target.checked)} />
    </Modal>
  );
}
