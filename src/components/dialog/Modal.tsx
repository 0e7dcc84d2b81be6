import type { ReactNode } from 'react';
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { useDirection } from '../direction/direction';
import { ArkDirection } from '../direction/arkDirection';
import { useOpener } from './useOpener';
import './dialog.css';

/**
 * SPEC §2 modal sizes: x-small 40rem, small 59rem (default), medium 94rem, large 95%, x-large full
 * screen. Width 95% by default, never wider than the viewport minus 3.2rem (dialog.css).
 */
export const dialogSizes = ['x-small', 'small', 'medium', 'large', 'x-large'] as const;
export type DialogSize = (typeof dialogSizes)[number];

export interface ModalProps {
  open: boolean;
  /** Escape, a backdrop click (not for alert dialogs) or the close button. */
  onClose: () => void;
  title: ReactNode;
  /** Read out with the title when the dialog opens (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** The action buttons, at the end of the dialog. */
  footer?: ReactNode;
  size?: DialogSize;
  tone?: 'default' | 'warning';
  /** alertdialog for a question that needs an answer: no backdrop dismissal, focus starts on close. */
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes when it opens (default: the first focusable element). */
  initialFocusEl?: () => HTMLElement | null;
  /** Where focus goes when it closes (default: back to the element that had it, the opener). */
  finalFocusEl?: () => HTMLElement | null;
  closeOnInteractOutside?: boolean;
  className?: string;
}

/**
 * The kit's modal on Ark's Dialog: focus trapped inside while open and returned to the opener on
 * close, the page behind inert and unscrollable, Escape and backdrop to close. Mounted only while
 * open, so a closed modal costs nothing.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'small',
  tone = 'default',
  role = 'dialog',
  initialFocusEl,
  finalFocusEl,
  closeOnInteractOutside,
  className,
}: ModalProps) {
  const { t } = useTranslation();
  const dir = useDirection();
  const opener = useOpener(open);
  return (
    <ArkDirection>
    <Dialog.Root
      open={open}
      role={role}
      lazyMount
      unmountOnExit
      {...(initialFocusEl ? { initialFocusEl } : {})}
      finalFocusEl={() => finalFocusEl?.() ?? opener()}
      {...(closeOnInteractOutside !== undefined ? { closeOnInteractOutside } : {})}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop className="dialog__backdrop" />
        <Dialog.Positioner className="dialog__positioner" dir={dir}>
          <Dialog.Content className={['dialog', `dialog--${size}`, `dialog--${tone}`, className ?? ''].filter(Boolean).join(' ')} data-size={size}>
            {/* Not header/footer: inside a dialog those would be a second banner and contentinfo
                landmark while the page behind is not yet hidden (the dialog's first frame). */}
            <div className="dialog__header">
              <Dialog.Title className="dialog__title">{title}</Dialog.Title>
              <Dialog.CloseTrigger className="dialog__close" aria-label={t('Close')}>
                <span aria-hidden="true">×</span>
              </Dialog.CloseTrigger>
            </div>
            {description !== undefined && <Dialog.Description className="dialog__body">{description}</Dialog.Description>}
            {children !== undefined && <div className="dialog__content">{children}</div>}
            {footer !== undefined && <div className="dialog__footer">{footer}</div>}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
    </ArkDirection>
  );
}
