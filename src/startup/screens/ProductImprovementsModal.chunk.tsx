
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { useCloseOnce } from './useCloseOnce';
import { Modal } from '../../components/dialog/Modal';
import { Button } from '../../components/button/Button';
import { SafeHtml } from '../../components/safeHtml/SafeHtml';
import { runtimeConfigAtom } from '../../config/configAtom';
import { toSafeContent } from '../../lib/safeContent/safeContent';
import type { ProductImprovementsOutcome } from '../page/modalRules';

export interface ProductImprovementsModalProps {
  onClose: (outcome: ProductImprovementsOutcome) => void;
}

/** SPEC §2 product-improvements modal; its HTML description goes through SafeHtml. */
export function ProductImprovementsModal({ onClose }: ProductImprovementsModalProps) {
  const { t } = useTranslation();
  const { privacyNoticeUrl } = useAtomValue(runtimeConfigAtom);
  const privacyNotice = privacyNoticeUrl ? toSafeContent(privacyNoticeUrl, 'url') : null;

  const close = useCloseOnce(onClose);

  return (
    <Modal
      open
      // SPEC §2: closing with the X behaves like Continue.
      onClose={() => close('close')}
      title={t('ProductImprovementsTitle')}
      className="startup-modal"
      footer={
        <>
          <Button color="secondary" onClick={() => close('removeGuidance')}>
            {t('RemoveGuidance')}
          </Button>
          <Button onClick={() => close('continue')}>{t('Continue')}</Button>
        </>
      }
    >
      <SafeHtml html={t('ProductImprovementsDescription')} />
      {privacyNotice && (
        <p>
          <a href={privacyNotice} target="_blank" rel="noopener noreferrer">
            {t('ProductImprovementsPrivacyNotice')}
          </a>
        </p>
      )}
    </Modal>
  );
}
