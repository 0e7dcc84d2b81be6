import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button/Button';
import { Modal } from '../../components/dialog/Modal';
import { buyNow, buyNowAfterTrial, closeTop, salesBusyAtom, salesModalsAtom, startTrial, type SalesModal } from '../../lib/sales/salesFlow';
import { useAtomValue } from '../../state/jotai';
import { ContactSalesModal } from './ContactSalesModal';
import { SalesError } from './SalesError';
import './sales.css';

function UpgradeModal() {
  const { t } = useTranslation();
  const busy = useAtomValue(salesBusyAtom);
  return (
    <Modal
      open
      closeOnInteractOutside={false}
      onClose={closeTop}
      title={t('UpgradeTitle')}
      description={t('UpgradeDescription')}
      size="x-small"
      footer={
        <>
          <SalesError />
          <Button color="primary" loading={busy === 'trial'} disabled={busy !== null} onClick={() => void startTrial()}>
            {t('StartTrial')}
          </Button>
          <Button color="secondary" disabled={busy !== null} onClick={buyNow}>
            {t('BuyNow')}
          </Button>
        </>
      }
    />
  );
}

function TrialFailureModal() {
  const { t } = useTranslation();
  return (
    <Modal
      open
      closeOnInteractOutside={false}
      onClose={closeTop}
      title={t('TrialCompleteTitle')}
      description={t('TrialComplete')}
      size="x-small"
      footer={
        <Button color="primary" onClick={buyNowAfterTrial}>
          {t('BuyNow')}
        </Button>
      }
    />
  );
}

/** The success modal (SPEC §2): the TrialSubmit or ContactSalesForm text, and Close. */
function SuccessModal({ variant }: { variant: 'TrialSubmit' | 'ContactSalesForm' }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      closeOnInteractOutside={false}
      onClose={closeTop}
      title={t('ThankYou')}
      description={t(variant)}
      size="x-small"
      footer={
        <Button color="primary" onClick={closeTop}>
          {t('Close')}
        </Button>
      }
    />
  );
}

function RenewalReceivedModal() {
  const { t } = useTranslation();
  return (
    <Modal
      open
      closeOnInteractOutside={false}
      onClose={closeTop}
      title={t('RequestReceived')}
      description={t('CheckYourInbox')}
      size="x-small"
      footer={
        <Button color="primary" onClick={closeTop}>
          {t('Close')}
        </Button>
      }
    />
  );
}

function ModalFor({ modal }: { modal: SalesModal }) {
  switch (modal.kind) {
    case 'upgrade':
      return <UpgradeModal />;
    case 'trialFailure':
      return <TrialFailureModal />;
    case 'contactSales':
      return <ContactSalesModal fromBuyNow={modal.fromBuyNow} />;
    case 'success':
      return <SuccessModal variant={modal.variant} />;
    case 'renewalReceived':
      return <RenewalReceivedModal />;
  }
}

/** The sales flows' modals, the newest on top (the trial-failure modal waits under contact sales). */
export function SalesModals() {
  const modals = useAtomValue(salesModalsAtom);
  return (
    <>
      {modals.map((modal, index) => (
        <ModalFor key={`${index}-${modal.kind}`} modal={modal} />
      ))}
    </>
  );
}
