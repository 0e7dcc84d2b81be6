import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';

/**
 * /auth/connected-apps (SPEC §2). Until the connected-app checks land, no target is followed:
 * refusing is the safe default for a redirect route.
 */
export default function ConnectedAppsPage() {
  const { t } = useTranslation();
  return (
    <main className="centered-page">
      <h1>{t('ConnectedAppNotAllowed')}</h1>
      <Link to={paths.landing}>{t('BackToApplication')}</Link>
    </main>
  );
}
