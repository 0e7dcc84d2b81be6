import { useTranslation } from 'react-i18next';
import './loading.css';

/** SPEC §2 loading display: small 1.8rem (default), medium 4.5rem, large 10rem for a full page. */
export type LoadingSize = 'small' | 'medium' | 'large';

export const loadingSizes: Record<LoadingSize, string> = { small: '1.8rem', medium: '4.5rem', large: '10rem' };

export function Loading({ size = 'small' }: { size?: LoadingSize }) {
  const { t } = useTranslation();
  return (
    <div className={`loading loading--${size}`} role="status" aria-live="polite">
      <span className="loading__icon" style={{ width: loadingSizes[size], height: loadingSizes[size] }} aria-hidden="true" />
      <span className="visually-hidden">{t('Loading')}</span>
    </div>
  );
}
