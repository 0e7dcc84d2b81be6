import { useTranslation } from 'react-i18next';
import './brand.css';

/**
 * The product brand's logo (SPEC §3 default logo asset); tenant and login logos replace it. The
 * caller names the product brand's logo (`lib/branding/brandVariants`): the kit knows no brands.
 */
export function DefaultLogo({ src, className }: { src: string; className?: string }) {
  const { t } = useTranslation();
  return <img className={className} src={src} alt={t('ProductLogo')} width={160} height={40} />;
}
