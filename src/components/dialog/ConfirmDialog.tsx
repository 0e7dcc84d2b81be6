import { useTranslation } from 'react-i18next';
import { Button } from '../button/Button';
import { Modal, type DialogSize } from './Modal';

export type { DialogSize } from './Modal';

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
  /** Where focus goes when it closes (default: the element that had it when it opened). */
  finalFocusEl?: () => HTMLElement | null;
}

/**
 * A question with two answers. Submit resolves true, Cancel false, and closing without answering
 * (the × button or Escape) null, so callers can tell "no" from "not now".
 */
export function ConfirmDialog({ open, title, message, submitLabel, cancelLabel, size = 'small', tone = 'default', onResult, finalFocusEl }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      role="alertdialog"
      size={size}
      tone={tone}
      title={title}
      description={message}
      onClose={() => onResult(null)}
      {...(finalFocusEl ? { finalFocusEl } : {})}
      footer={
        <>
          <Button color="secondary" onClick={() => onResult(false)}>
            {cancelLabel ?? t('Cancel')}
          </Button>
          <Button color="primary" onClick={() => onResult(true)}>
            {submitLabel ?? t('Continue')}
          </Button>
        </>
      }
    />
  );
}
