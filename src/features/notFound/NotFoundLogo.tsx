import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { brandingAtom } from '../../lib/branding/brandingAtoms';
import { contentAtom } from '../../lib/state/signedInState';
import { DefaultLogo } from '../../components/brand/DefaultLogo';
import { iconSet, productBrand } from '../../lib/branding/brandVariants';
import { notFoundLogo, storedContentLoginLogo } from './notFoundLogo';

/** The 404 page's logo by the SPEC §2 rule (signed in: the atoms; signed out: the stored content). */
export function NotFoundLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  const branding = useAtomValue(brandingAtom);
  const content = useAtomValue(contentAtom);
  const logo = notFoundLogo(branding?.Icon, content ? content.loginLogo : storedContentLoginLogo());
  if (!logo) return <DefaultLogo className={className} src={iconSet(productBrand).logo} />;
  return <img className={className} src={logo} alt={t('LoginLogo')} width={160} height={40} data-testid="not-found-logo" />;
}
