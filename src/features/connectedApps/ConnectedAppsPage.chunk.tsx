import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { Loading } from '../../components/loading/Loading';
import { runtimeConfigAtom } from '../../config/configAtom';
import { connectedAppTarget } from '../../lib/links/communityLinks';
import { contentAtom } from '../../lib/state/signedInState';
import { useAtomValue } from '../../state/jotai';
import { resolveCommunityOrigin } from './communityOriginSource';

/** undefined while the community origin is being found. */
type Origin = string | null | undefined;

/**
 * /auth/connected-apps?landingPage&application (SPEC §2): goes to the connected community app
 * only when both parameters pass lib/links/communityLinks' checks; anything else is refused with a
 * way back, so the route can never be used as an open redirect.
 */
export default function ConnectedAppsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useAtomValue(runtimeConfigAtom);
  const communityAppUrl = useAtomValue(contentAtom)?.CommunityAppUrl;
  const [origin, setOrigin] = useState<Origin>(undefined);

  useEffect(() => {
    let current = true;
    void resolveCommunityOrigin(config.communityAppOrigin, communityAppUrl).then((found) => {
      if (current) setOrigin(found);
    });
    return () => {
      current = false;
    };
  }, [config.communityAppOrigin, communityAppUrl]);

  const target = origin === undefined ? undefined : connectedAppTarget(params, { origin, connectedApps: config.connectedApps });

  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);

  if (target === undefined) return <Loading size="large" />;
  if (target === null) {
    return (
      <main className="centered-page">
        <h1>{t('ConnectedAppNotAllowed')}</h1>
        <Link to={paths.landing}>{t('BackToApplication')}</Link>
      </main>
    );
  }
  return (
    <main className="centered-page">
      <h1>{t('ConnectedAppRedirecting')}</h1>
      <Loading size="medium" />
    </main>
  );
}
