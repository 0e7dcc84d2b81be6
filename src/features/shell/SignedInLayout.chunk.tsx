import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TenantLogo } from '../../components/brand/TenantLogo';
import { PickerFormatProvider } from '../../components/picker/pickerFormat';
import { dateTimePreferencesAtom } from '../../lib/preferences/dateTimePreferences';
import { brandingAtom } from '../../lib/branding/brandingAtoms';
import { iconSet, productBrand } from '../../lib/branding/brandVariants';
import { currentTenantAtom } from '../../lib/state/signedInState';
import { appStore, useAtomValue } from '../../state/jotai';
import { permissionsAtom, stateSourceAtom } from '../../lib/state/signedInState';
import { connectionAtom, loadedScopeAtom, platformReachableAtom } from '../../session/page/sessionAtoms';
import { connectionStatus } from '../../session/page/connectionStatus';
import { sessionGrants, startAutoRefresh } from '../../session/page/autoRefresh';
import { pageIo } from '../../lib/crossTab/pageIo';
import { recoveryPollMs, tryRecover } from '../../session/page/recovery';
import { useSignOut } from './SignOutConfirm';
import { toast } from '../../components/toast/toast';
import { registerNotifier } from '../../lib/notify';
import { firstScreenShown } from '../../lib/firstScreen';
import { lazyInTurn } from '../../lib/partsInTurn';
import { nextTask } from '../../lib/nextTask';
import { SessionTimeoutWarning } from '../../session/screens/SessionTimeoutWarning';
import { reSignInAtom } from '../../session/page/reSignInState';
import { useSignedInPreferences } from '../preferences/useSignedInPreferences';
import { BannerArea } from '../banners/BannerArea';
export { bannerViewReady } from '../banners/BannerArea';
import { StorageNotice } from '../banners/StorageNotice';
import { ScopeBar } from './chrome/ScopeBar';
import { UserMenu } from './chrome/UserMenu';
import { PendingWrites } from '../../outbox/screens/PendingWrites';
import { UpdateNotice } from '../update/UpdateNotice';
import { replaySoon, startOutbox } from '../../outbox/page/outboxState';
import { whenOnlineSettled } from '../../pipeline/page/onlineSettled';
import './chrome/chrome.css';
import { useShellLinks } from '../../lib/links/useShellLinks';
import { snapshotWriter } from '../../firstPaint/page/writer';
import { wideBar } from './chrome/useMediaQuery';
import './shell.css';

// Not needed for the first screen, so not part of its JavaScript: what never shows on it (the URL
// tenant context, the start-up flows, the sales flow, analytics) and
// the clock (date-fns) load once it is on screen. The start-up flows at once (the banners they
// load and keep would otherwise come, and push the page down, after every other part); the
// others each in its turn (lib/partsInTurn).
const AfterFirstScreen = lazy(() => firstScreenShown.then(() => import('./AfterFirstScreen.chunk')));
// The toasts' view (Ark's toaster) joins after the first screen; a toast raised before waits in the queue.
const Toaster = lazyInTurn(() => import('../../components/toast/Toaster').then((m) => m.Toaster));
// Ark's locale context (components/direction/arkDirection) asks whether its locale is right to
// left (`Intl.Locale#maximize`), and the first such call loads ICU's likely-subtags data: a quarter
// of the first Ark menu's mount at a mid-range phone's speed. Done in a task of its own, before any
// of those parts has its code.
void firstScreenShown.then(nextTask).then(() => new Intl.Locale('en-US').maximize());
// Loaded only when a session ends over unsaved work (session/page/reSignIn).
const ReSignInDialog = lazy(() => import('../../session/screens/ReSignInDialog.chunk'));
const CurrentDateTime = lazyInTurn(() => import('../preferences/CurrentDateTime.chunk').then((m) => m.CurrentDateTime));

function useAutoRefresh() {
  useEffect(() => startAutoRefresh({ hasPermission: () => appStore.get(permissionsAtom).has('AutoRefreshToken') }, { ...pageIo(), ...sessionGrants }), []);
}

/**
 * Back from offline: once the network has stayed on for a moment (a flapping network would get one
 * state load per return), however the offline status reads by then (the browser's `online` already
 * cleared it); and every few seconds while the platform is unreachable or the tab still shows the
 * last known state instead of the platform's (a start-up whose init failed while later calls
 * answered looks reachable, yet would otherwise keep the stored copy for good). Each attempt
 * refreshes an expired token and reloads the state.
 */
function useRecovery(reachable: boolean) {
  const stale = useAtomValue(stateSourceAtom) === 'stored';
  useEffect(() => whenOnlineSettled(() => void tryRecover(), { afterReturn: true }), []);
  useEffect(() => {
    if (reachable && !stale) return;
    const timer = setInterval(() => void tryRecover(), recoveryPollMs);
    return () => clearInterval(timer);
  }, [reachable, stale]);
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

/**
 * What the next start pre-paints (firstPaint/page): the bar as it is on screen, kept current. Left
 * out: what the first screen does not show yet (the clock, the sales entry points, the waiting
 * writes and update indicators load after it) and what is true only for the moment (the offline
 * note and other status text, menus).
 */
const notPrePainted = ['time', '[role="status"]', '[role="menu"]', '[data-part="positioner"]', '.sales-action', '.pending-writes', '.update-indicator'];
/** The scope whose state the bar shows: the one loaded in this tab. */
const shownScope = () => appStore.get(loadedScopeAtom)?.scopeKey ?? null;

function useKeptChrome(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    return element ? snapshotWriter(element, { leaveOut: notPrePainted, layoutQuery: wideBar, shownScope }) : undefined;
  }, [bar]);
}

/** The tenant's logo and title, as the brand and the tenant atoms hold them. */
function ShellBrand() {
  const branding = useAtomValue(brandingAtom);
  const tenant = useAtomValue(currentTenantAtom);
  return (
    <TenantLogo
      logoData={branding?.LogoData ?? null}
      title={branding?.Title ?? null}
      tenantName={tenant?.Name ?? branding?.Title ?? ''}
      defaultLogoSrc={iconSet(productBrand).logo}
    />
  );
}

export function SignedInLayout() {
  const { t } = useTranslation();
  const reachable = useAtomValue(platformReachableAtom);
  const reSigningIn = useAtomValue(reSignInAtom) !== null;
  const status = connectionStatus(useAtomValue(connectionAtom), navigator.onLine);
  useAutoRefresh();
  useRecovery(reachable);
  useOutbox(reachable);
  // The member's language and translations, and their date and time formats.
  useSignedInPreferences();
  const shellRef = useRef<HTMLDivElement>(null);
  useShellLinks(shellRef);
  const barRef = useRef<HTMLElement>(null);
  useKeptChrome(barRef);

  const { signOut, confirm: signOutConfirm } = useSignOut();
  // Plain modules' notices (lib/notify: writes sent, a switch refused) are this layout's toasts.
  useEffect(() => registerNotifier((notice) => void toast.show(notice)), []);
  const dateTimeFormats = useAtomValue(dateTimePreferencesAtom);

  return (
    <PickerFormatProvider value={dateTimeFormats}>
    <div className="shell" ref={shellRef}>
      <a className="skip-link" href="#main">
        {t('SkipToContent')}
      </a>
      <header className="shell__bar" ref={barRef}>
        <div className="shell__brand">
          <ShellBrand />
        </div>
        <ScopeBar />
        <div className="shell__tools">
          <Suspense fallback={null}>
            <CurrentDateTime />
          </Suspense>
          {status !== 'online' && (
            <span className="shell__offline" role="status">
              <span className="shell__offline-dot" aria-hidden="true" />
              <span className="shell__offline-text">{t(status === 'reconnecting' ? 'Reconnecting' : 'Offline')}</span>
            </span>
          )}
          <PendingWrites />
          <UpdateNotice where="bar" />
          <UserMenu onSignOut={() => void signOut()} />
        </div>
      </header>
      <BannerArea />
      <StorageNotice />
      <main className="shell__main" id="main" tabIndex={-1}>
        <div className="shell__content">
          <Outlet />
        </div>
      </main>
      <Suspense fallback={null}>
        <AfterFirstScreen />
      </Suspense>
      <SessionTimeoutWarning />
      {reSigningIn && (
        <Suspense fallback={null}>
          <ReSignInDialog />
        </Suspense>
      )}
      {signOutConfirm}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </div>
    </PickerFormatProvider>
  );
}

export default SignedInLayout;
