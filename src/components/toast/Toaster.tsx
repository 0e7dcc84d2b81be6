import { Toast, Toaster as ArkToaster, type ToastOptions as ArkToastOptions } from '@ark-ui/react/toast';
import { useTranslation } from 'react-i18next';
import { ArkDirection } from '../direction/arkDirection';
import { toastQueue } from './toast';
import type { ToastMeta } from './toastQueue';
import './toast.css';

function ToastView({ item }: { item: ArkToastOptions }) {
  const { t } = useTranslation();
  const meta = (item.meta ?? {}) as Partial<ToastMeta>;
  const values = meta.values ?? {};
  const urgent = item.type === 'error' || item.type === 'warning';
  return (
    // Ark gives every toast role=status; errors and warnings interrupt (alert).
    <Toast.Root className={`toast toast--${item.type ?? 'info'}`} role={urgent ? 'alert' : 'status'} data-toast-id={item.id}>
      <div className="toast__text">
        <Toast.Title className="toast__title">{t(meta.titleKey ?? '', values)}</Toast.Title>
        {meta.descriptionKey && <Toast.Description className="toast__description">{t(meta.descriptionKey, values)}</Toast.Description>}
      </div>
      <Toast.CloseTrigger className="toast__close" aria-label={t('Dismiss')}>
        <span aria-hidden="true">×</span>
      </Toast.CloseTrigger>
    </Toast.Root>
  );
}

/**
 * SPEC §9 toasts (Ark UI's Toaster), at the bottom of the inline end (bottom-right; bottom-left in
 * right-to-left text), newest at the bottom. Mount once per layout; `toast.show(…)` from anywhere
 * fills it. Pointing at or focusing the toasts stops their clocks; Alt+T moves focus to them;
 * Escape closes the focused one.
 */
export function Toaster() {
  const { t } = useTranslation();
  return (
    <ArkDirection>
      <ArkToaster toaster={toastQueue.store} className="toaster" aria-label={t('Notifications')}>
        {(item) => <ToastView key={item.id} item={item} />}
      </ArkToaster>
    </ArkDirection>
  );
}
