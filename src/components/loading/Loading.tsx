import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import './loading.css';

// The page shows this before i18n has started (main.tsx): the instance is passed, and until it is
// ready the label is the key itself (SPEC: a missing key shows the key), with no suspending.
const beforeI18n = { i18n: i18next, useSuspense: false };

/** SPEC §2 loading display: small 1.8rem (default), medium 4.5rem, large 10rem for a full page. */
export type LoadingSize = 'small' | 'medium' | 'large';

export const loadingSizes: Record<LoadingSize, string> = { small: '1.8rem', medium: '4.5rem', large: '10rem' };

export function Loading({ size = 'small' }: { size?: LoadingSize }) {
  const { t, ready } = useTranslation(undefined, beforeI18n);
  return (
    <div className={`loading loading--${size}`} role="status" aria-live="polite">
      <span className="loading__icon" style={{ width: loadingSizes[size], height: loadingSizes[size] }} aria-hidden="true" />
      <span className="visually-hidden">{ready ? t('Loading') : 'Loading'}</span>
    </div>
  );
}
