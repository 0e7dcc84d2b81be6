import { useTranslation } from 'react-i18next';
import { DefaultLogo } from './DefaultLogo';
import './brand.css';

export interface TenantLogoProps {
  /** The brand's LogoData (checked ImageData), or null for the product's logo. */
  logoData: string | null;
  /** The brand's Title (checked plain text), or null. */
  title: string | null;
  /** Names the logo for assistive technology. */
  tenantName: string;
  /** The product brand's logo, shown when the brand has none. */
  defaultLogoSrc: string;
  /** False when the chrome shows the title elsewhere. */
  showTitle?: boolean;
}

/**
 * The top bar's brand: the tenant logo (LogoData, else the default logo) and the branding Title.
 * Both values were checked when they were mapped (ImageData, plain text) and render as an image
 * source and text only.
 */
export function TenantLogo({ logoData, title, tenantName, defaultLogoSrc, showTitle = true }: TenantLogoProps) {
  const { t } = useTranslation();
  return (
    <span className="tenant-logo" data-testid="tenant-logo">
      {logoData ? (
        <img className="tenant-logo__image" src={logoData} alt={t('TenantLogo', { name: tenantName })} width={160} height={40} />
      ) : (
        <DefaultLogo className="tenant-logo__image" src={defaultLogoSrc} />
      )}
      {showTitle && title ? <span className="tenant-logo__title">{title}</span> : null}
    </span>
  );
}
