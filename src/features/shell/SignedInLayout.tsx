import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TenantLogo } from '../../components/brand/TenantLogo';
import { appStore, useAtomValue } from '../../state/jotai';
import { permissionsAtom } from '../../lib/state/signedInState';
import { platformReachableAtom } from '../../lib/session/sessionAtoms';
import { startAutoRefresh } from '../../lib/session/autoRefresh';
import { recoveryPollMs, tryRecover } from '../../lib/session/recovery';
import { useSignOut } from './SignOutConfirm';
import { TenantContext } from './TenantContext';
import { Toaster } from '../../components/toast/Toaster';
import { CurrentDateTime } from '../preferences/CurrentDateTime';
import { LanguageMenu } from '../preferences/LanguageMenu';
import { PreferencesButton } from '../preferences/PreferencesButton';
import { useSignedInPreferences } from '../preferences/useSignedInPreferences';
import { StartupFlows } from '../startup/StartupFlows';
import { SessionTimeoutWarning } from '../session/SessionTimeoutWarning';
import { BannerArea } from '../banners/BannerArea';
import { StorageNotice } from '../banners/StorageNotice';
import { OrganisationPicker } from './OrganisationPicker';
import { ThemeMenu } from './ThemeMenu';
import { TenantSwitcher } from './chrome/TenantSwitcher';
import { OrgGroupSwitch } from './chrome/OrgGroupSwitch';
import { RoleSwitch } from './chrome/RoleSwitch';
import { UserMenu } from './chrome/UserMenu';
import { PendingWrites } from './chrome/PendingWrites';
import { SalesActions } from '../sales/SalesActions';
import { SalesModals } from '../sales/SalesModals';
import { replaySoon, startOutbox } from '../../lib/outbox/outboxState';
import { whenOnlineSettled } from '../../lib/network/onlineSettled';
import './chrome/chrome.css';
import { useAnalytics } from '../../lib/analytics/useAnalytics';
import { useShellLinks } from '../../lib/links/useShellLinks';
import './shell.css';

function useAutoRefresh() {
  useEffect(() => startAutoRefresh({ hasPermission: () => appStore.get(permissionsAtom).has('AutoRefreshToken') }), []);
}

/**
 * Back from offline: once the network has stayed on for a moment (a flapping network would get one
 * state load per return), however the offline status reads by then (the browser's `online` already
 * cleared it); and while the platform is unreachable, every few seconds. Each attempt refreshes an
 * expired token and reloads the state.
 */
function useRecovery(reachable: boolean) {
  useEffect(() => whenOnlineSettled(() => void tryRecover(), { afterReturn: true }), []);
  useEffect(() => {
    if (reachable) return;
    const timer = setInterval(() => void tryRecover(), recoveryPollMs);
    return () => clearInterval(timer);
  }, [reachable]);
}

/** Queued writes: replayed at start-up, when the network returns and when the platform answers again. */
function useOutbox(reachable: boolean) {
  useEffect(() => startOutbox(), []);
  const wasReachable = useRef(reachable);
  useEffect(() => {
    if (reachable && !wasReachable.current) replaySoon();
    wasReachable.current = reachable;
  }, [reachable]);
}

export function SignedInLayout() {
  const { t } = useTranslation();
  const reachable = useAtomValue(platformReachableAtom);
  useAutoRefresh();
  useRecovery(reachable);
  useOutbox(reachable);
  // Issue 4: the member's language and translations, and their date and time formats.
  useSignedInPreferences();
  const shellRef = useRef<HTMLDivElement>(null);
  useAnalytics();
  useShellLinks(shellRef);

  const { signOut, confirm: signOutConfirm } = useSignOut();

  return (
    <div className="shell" ref={shellRef}>
      <a className="skip-link" href="#main">
        {t('SkipToContent')}
      </a>
      <header className="shell__bar">
        <div className="shell__brand">
          <TenantLogo />
        </div>
        <div className="shell__scope" role="group" aria-label={t('Tenant')}>
          <TenantSwitcher />
          <OrgGroupSwitch />
          <OrganisationPicker />
          <RoleSwitch />
        </div>
        <div className="shell__tools">
          <CurrentDateTime />
          {!reachable && (
            <span className="shell__offline" role="status">
              {t('Offline')}
            </span>
          )}
          <PendingWrites />
          <SalesActions />
          <LanguageMenu />
          <PreferencesButton />
          <ThemeMenu />
          <UserMenu onSignOut={() => void signOut()} />
        </div>
      </header>
      <BannerArea />
      <StorageNotice />
      <main className="shell__main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <TenantContext />
      <StartupFlows />
      <SalesModals />
      <SessionTimeoutWarning />
      {signOutConfirm}
      <Toaster />
    </div>
  );
}

export default SignedInLayout;
