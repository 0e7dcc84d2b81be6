import { useEffect, useRef } from 'react';
import { Toast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { ArkDirection } from '../direction/direction';
import { toast, toastsAtom, type ToastItem } from './toast';
import { toastDefaults } from './toastQueue';
import './toast.css';

/**
 * Ark UI's toast group renders and places the toasts (bottom-right, bottom-left in right-to-left
 * text; stacked; Alt+T moves focus to them); SPEC §9's rules stay with our queue (toastQueue.ts:
 * at most four, the oldest closed first, 6000 ms, paused while pointed at or focused), which Ark's
 * own store does not have (it queues a fifth toast instead of closing the first). So Ark's toasts
 * never close by themselves: the queue opens and closes them.
 */
const arkToaster = createToaster({ placement: 'bottom-end', max: toastDefaults.max, overlap: false, gap: 12, removeDelay: 0 });

/** Mirrors the queue's open toasts into Ark's store: closed ones first, so Ark never holds five. */
function useMirror(items: readonly ToastItem[]) {
  const shown = useRef(new Set<string>());
  useEffect(() => {
    const open = new Set(items.map((item) => item.id));
    for (const id of shown.current) {
      if (!open.has(id)) {
        arkToaster.remove(id);
        shown.current.delete(id);
      }
    }
    for (const item of items) {
      if (shown.current.has(item.id)) continue;
      shown.current.add(item.id);
      arkToaster.create({
        id: item.id,
        type: item.type,
        duration: Infinity,
        meta: { item },
        // Escape on a toast (Ark's keyboard rule) closes it in the queue too.
        onStatusChange: ({ status }) => status === 'dismissing' && toast.dismiss(item.id),
      });
    }
  }, [items]);
}

function ToastView({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  const urgent = item.type === 'error' || item.type === 'warning';
  return (
    <Toast.Root
      className={`toast toast--${item.type}`}
      role={urgent ? 'alert' : 'status'}
      data-toast-id={item.id}
      onPointerEnter={() => toast.pause(item.id)}
      onPointerLeave={() => toast.resume(item.id)}
      onFocus={() => toast.pause(item.id)}
      onBlur={() => toast.resume(item.id)}
    >
      <div className="toast__text">
        <Toast.Title className="toast__title">{t(item.titleKey, item.values ?? {})}</Toast.Title>
        {item.descriptionKey && <Toast.Description className="toast__description">{t(item.descriptionKey, item.values ?? {})}</Toast.Description>}
      </div>
      <Toast.CloseTrigger className="toast__close" aria-label={t('Dismiss')} onClick={() => toast.dismiss(item.id)}>
        <span aria-hidden="true">×</span>
      </Toast.CloseTrigger>
    </Toast.Root>
  );
}

/**
 * SPEC §9 toasts. Mount once per layout; `toast.show(…)` from anywhere fills it. Information is
 * polite (status), errors and warnings interrupt (alert).
 */
export function Toaster() {
  const { t } = useTranslation();
  const items = useAtomValue(toastsAtom);
  useMirror(items);
  return (
    <ArkDirection>
      <ArkToaster toaster={arkToaster} className="toaster" aria-label={t('Notifications')}>
        {(shown) => {
          const item = (shown.meta as { item?: ToastItem } | undefined)?.item;
          return item ? <ToastView key={item.id} item={item} /> : null;
        }}
      </ArkToaster>
    </ArkDirection>
  );
}
