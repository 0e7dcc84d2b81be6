import { useTranslation } from 'react-i18next';
import { iconSet, productBrand } from '../../lib/branding/brandVariants';
import './brand.css';

/** The product brand's logo (SPEC §3 default logo asset); tenant and login logos replace it. */
export function DefaultLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return <img className={className} src={iconSet(productBrand).logo} alt={t('ProductLogo')} width={160} height={40} />;
}
