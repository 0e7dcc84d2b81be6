import { lazy, Suspense, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { currentTenantAtom } from '../../lib/state/signedInState';
import { alertBannersAtom } from '../../lib/alerts/alertBanners';
import { dismissAlert, dismissedAlertIdsAtom } from '../../startup/page/storage';
import { visibleBanners } from '../../lib/alerts/bannerRules';
import { BannerIcon } from './BannerIcon';
import { MaintenanceBanner } from './MaintenanceBanner';
import { readLocal } from '../../lib/storage/localStore';
import { storageKeys } from '../../lib/storage/keys';
import type { AlertBannerViewProps } from './AlertBannerView.chunk';
import './banners.css';

// Alert banners carry server HTML: their view (and the sanitiser, DOMPurify) loads when there is one.
let loadedView: ComponentType<AlertBannerViewProps> | null = null;
const loadView = () => import('./AlertBannerView.chunk').then((m) => (loadedView = m.AlertBannerView));
const LazyAlertBannerView = lazy(() => loadView().then((View) => ({ default: View })));

/**
 * With banners kept from the last run (lib/alerts/keptBanners) the view's code is asked for as this
 * module loads, and the signed-in layout first renders once it is there (app/router): the kept
 * banners come in the same frame as the live chrome, not one later, pushing the page down.
 */
export const bannerViewReady: Promise<unknown> = readLocal(storageKeys.keptBanners) !== null ? loadView().catch(() => undefined) : Promise.resolve();

/**
 * SPEC §2 banner area, between the top bar and the page: the sandbox banner for SANDBOX tenants
 * (SPEC §6), the maintenance window the modal announced (until it ends), then the alert banners
 * of the last start-up run that were not dismissed.
 */
export function BannerArea() {
  const { t } = useTranslation();
  const tenant = useAtomValue(currentTenantAtom);
  const banners = useAtomValue(alertBannersAtom);
  const dismissed = useAtomValue(dismissedAlertIdsAtom);
  const areaRef = useRef<HTMLDivElement>(null);
  const shown = visibleBanners(banners, dismissed);
  const AlertBannerView = loadedView ?? LazyAlertBannerView;
  const sandbox = tenant?.buyingType === 'SANDBOX';

  function dismiss(alertScheduleId: string) {
    dismissAlert(alertScheduleId);
    // The focused Dismiss button is gone: keep keyboard users in place rather than at the page top.
    areaRef.current?.focus();
  }

  return (
    <div className="banner-area" ref={areaRef} tabIndex={-1}>
      {sandbox && (
        <section className="banner banner--sandbox" aria-label={t('Sandbox')}>
          <BannerIcon tone="sandbox" />
          <p className="banner__message">
            {tenant.parentName ? t('SandboxBannerWithParent', { parentName: tenant.parentName }) : t('SandboxBanner')}
          </p>
        </section>
      )}
      <MaintenanceBanner onDismiss={dismiss} />
      {shown.length > 0 && (
        <Suspense fallback={null}>
          {shown.map((banner) => (
            <AlertBannerView key={banner.alertScheduleId} banner={banner} onDismiss={dismiss} />
          ))}
        </Suspense>
      )}
    </div>
  );
}
