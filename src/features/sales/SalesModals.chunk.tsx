import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button/Button';
import { Modal } from '../../components/dialog/Modal';
import { buyNow, buyNowAfterTrial, closeTop, salesBusyAtom, salesModalsAtom, startTrial, type SalesModal } from '../../lib/sales/salesFlow';
import { useAtomValue } from '../../state/jotai';
import { ContactSalesModal } from './ContactSalesModal';
import { SalesError } from './SalesError';
import './sales.css';

/**
 * The frame of the flow's modals. They close only by their own buttons, the X or Escape: when one
 * modal replaces another, Ark's focus return from the old one counts as an outside interaction and
 * would close the new one at once.
 */
function SalesDialog({ title, description, footer }: { title: string; description: string; footer: ReactNode }) {
  return <Modal open closeOnInteractOutside={false} onClose={closeTop} title={title} description={description} size="x-small" footer={footer} />;
}

function UpgradeModal() {
  const { t } = useTranslation();
  const busy = useAtomValue(salesBusyAtom);
  return (
    <SalesDialog
      title={t('UpgradeTitle')}
      description={t('UpgradeDescription')}
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
    <SalesDialog
      title={t('TrialCompleteTitle')}
      description={t('TrialComplete')}
      footer={
        <Button color="primary" onClick={buyNowAfterTrial}>
          {t('BuyNow')}
        </Button>
      }
    />
  );
}

/**
 * A message and Close: the success modal's TrialSubmit and ContactSalesForm variants (SPEC §2), and
 * the renewal-received modal (RequestReceived, check your inbox).
 */
function NoticeModal({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <SalesDialog
      title={t(titleKey)}
      description={t(textKey)}
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
      return <NoticeModal titleKey="ThankYou" textKey={modal.variant} />;
    case 'renewalReceived':
      return <NoticeModal titleKey="RequestReceived" textKey="CheckYourInbox" />;
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
