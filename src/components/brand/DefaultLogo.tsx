import { useTranslation } from 'react-i18next';

/** The product's default logo asset (SPEC §3 branding default); brand logos replace it later. */
export function DefaultLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return <img className={className} src="/brand/default-logo.svg" alt={t('ProductLogo')} width={160} height={40} />;
}
