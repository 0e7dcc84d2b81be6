import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { brandingAtom } from '../../lib/branding/brandingAtoms';
import { currentTenantAtom } from '../../lib/state/signedInState';
import { DefaultLogo } from './DefaultLogo';
import './brand.css';

/**
 * The top bar's brand: the tenant logo (LogoData, else the default logo) and the branding Title.
 * Both values were checked when they were mapped (ImageData, plain text) and render as an image
 * source and text only. `showTitle={false}` when the chrome shows the title elsewhere.
 */
export function TenantLogo({ showTitle = true }: { showTitle?: boolean }) {
  const { t } = useTranslation();
  const branding = useAtomValue(brandingAtom);
  const tenant = useAtomValue(currentTenantAtom);
  const name = tenant?.Name ?? branding?.Title ?? '';
  return (
    <span className="tenant-logo" data-testid="tenant-logo">
      {branding?.LogoData ? (
        <img className="tenant-logo__image" src={branding.LogoData} alt={t('TenantLogo', { name })} width={160} height={40} />
      ) : (
        <DefaultLogo className="tenant-logo__image" />
      )}
      {showTitle && branding?.Title ? <span className="tenant-logo__title">{branding.Title}</span> : null}
    </span>
  );
}
