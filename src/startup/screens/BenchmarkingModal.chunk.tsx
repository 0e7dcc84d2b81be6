
import { useTranslation } from 'react-i18next';
import { useCloseOnce } from './useCloseOnce';
import { Modal } from '../../components/dialog/Modal';
import { Button } from '../../components/button/Button';
import type { BenchmarkingNotification } from '../../lib/alerts/alertSchemas';
import type { BenchmarkingOutcome } from '../page/modalRules';
import { BenchmarkingIllustration } from './BenchmarkingIllustration';

export interface BenchmarkingModalProps {
  notification: BenchmarkingNotification;
  onClose: (outcome: BenchmarkingOutcome) => void;
}

/** SPEC §2 benchmarking feature modal (medium size); the description is keyed by the message id. */
export function BenchmarkingModal({ notification, onClose }: BenchmarkingModalProps) {
  const { t } = useTranslation();

  const close = useCloseOnce(onClose);

  return (
    <Modal
      open
      size="medium"
      onClose={() => close('close')}
      title={t('NewBenchmarkingFeature')}
      className="startup-modal"
      footer={
        <>
          <Button color="secondary" onClick={() => close('doNotShowAgain')}>
            {t('DoNotShowAgainLabel')}
          </Button>
          <Button color="secondary" onClick={() => close('remindMeLater')}>
            {t('RemindMeLater')}
          </Button>
          <Button onClick={() => close('learnMore')}>{t('LearnMore')}</Button>
        </>
      }
    >
      <BenchmarkingIllustration />
      <h3 className="startup-modal__heading">{t('BenchmarkingHeader')}</h3>
      <p>{t(notification.messageId)}</p>
      <p className="startup-modal__note">{t('BenchmarkingOptInDescription')}</p>
    </Modal>
  );
}
