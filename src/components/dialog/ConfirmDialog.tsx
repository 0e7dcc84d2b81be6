import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useTranslation } from 'react-i18next';
import './dialog.css';

/** SPEC §2 modal sizes; width 95% by default, never wider than the viewport minus 3.2rem. */
export type DialogSize = 'x-small' | 'small' | 'medium' | 'large' | 'x-large';

/** SPEC §2 generic confirm dialog: true (submit), false (cancel) or null (close). */
export type ConfirmResult = boolean | null;

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  submitLabel?: string;
  cancelLabel?: string;
  size?: DialogSize;
  tone?: 'default' | 'warning';
  onResult: (result: ConfirmResult) => void;
}

export function ConfirmDialog({ open, title, message, submitLabel, cancelLabel, size = 'small', tone = 'default', onResult }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        if (!details.open) onResult(null);
      }}
    >
      <Portal>
        <Dialog.Backdrop className="dialog__backdrop" />
        <Dialog.Positioner className="dialog__positioner">
          <Dialog.Content className={`dialog dialog--${size} dialog--${tone}`}>
            <header className="dialog__header">
              <Dialog.Title className="dialog__title">{title}</Dialog.Title>
              <Dialog.CloseTrigger className="dialog__close" aria-label={t('Close')}>
                <span aria-hidden="true">×</span>
              </Dialog.CloseTrigger>
            </header>
            <Dialog.Description className="dialog__body">{message}</Dialog.Description>
            <footer className="dialog__footer">
              <button type="button" className="button button--secondary" onClick={() => onResult(false)}>
                {cancelLabel ?? t('Cancel')}
              </button>
              <button type="button" className="button button--primary" onClick={() => onResult(true)}>
                {submitLabel ?? t('Continue')}
              </button>
            </footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
