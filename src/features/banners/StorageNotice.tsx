import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { storageInMemoryAtom } from '../../lib/storage/storageHealth';
import { BannerIcon } from './BannerIcon';
import './banners.css';

/**
 * When the browser will not keep the session or settings (IndexedDB blocked, storage
 * full), the shell works from memory, and the member learns that closing the tab loses it.
 */
export function StorageNotice() {
  const { t } = useTranslation();
  const inMemory = useAtomValue(storageInMemoryAtom);
  if (!inMemory) return null;
  return (
    <section className="banner banner--warning" aria-label={t('SavedOnlyForThisTab')} data-testid="storage-notice">
      <BannerIcon tone="warning" />
      <p className="banner__message" role="status">
        <strong>{t('SavedOnlyForThisTab')}</strong> {t('SavedOnlyForThisTabDetail')}
      </p>
    </section>
  );
}
