import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { useDirection } from '../direction/direction';
import { toast, toastsAtom, type ToastItem } from './toast';
import './toast.css';

function ToastView({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  const urgent = item.type === 'error' || item.type === 'warning';
  return (
    <div
      className={`toast toast--${item.type}`}
      role={urgent ? 'alert' : 'status'}
      aria-atomic="true"
      data-toast-id={item.id}
      onPointerEnter={() => toast.pause(item.id)}
      onPointerLeave={() => toast.resume(item.id)}
      onFocus={() => toast.pause(item.id)}
      onBlur={() => toast.resume(item.id)}
    >
      <div className="toast__text">
        <p className="toast__title">{t(item.titleKey, item.values ?? {})}</p>
        {item.descriptionKey && <p className="toast__description">{t(item.descriptionKey, item.values ?? {})}</p>}
      </div>
      <button type="button" className="toast__close" aria-label={t('Dismiss')} onClick={() => toast.dismiss(item.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * SPEC §9 toasts, bottom-right (bottom-left in right-to-left text), newest at the bottom. Mount
 * once per layout; `toast.show(…)` from anywhere fills it. Information is polite (status), errors
 * and warnings interrupt (alert); a toast stops its clock while pointed at or focused.
 */
export function Toaster() {
  const { t } = useTranslation();
  const items = useAtomValue(toastsAtom);
  const dir = useDirection();
  return (
    <section className="toaster" aria-label={t('Notifications')} dir={dir}>
      {items.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
    </section>
  );
}
