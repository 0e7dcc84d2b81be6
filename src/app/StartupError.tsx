import { useTranslation } from 'react-i18next';

/** Shown instead of a blank page when start-up fails (e.g. an invalid /config.json). */
export function StartupError({ details }: { details: string }) {
  const { t } = useTranslation();
  return (
    <main className="startup-error">
      <h1>{t('StartupError')}</h1>
      <p role="alert">{t('ConfigInvalid', { details })}</p>
    </main>
  );
}
