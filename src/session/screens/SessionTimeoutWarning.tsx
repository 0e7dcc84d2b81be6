import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LazyModal } from '../../components/dialog/lazyDialogs';
import { Button } from '../../components/button/Button';
import { appStore, useAtomValue } from '../../state/jotai';
import { permissionsAtom } from '../../lib/state/signedInState';
import { appIdleSettings, formatCountdown } from '../core/idleRules';
import { refreshSession } from '../core/refresh';
import { startIdleWatcher, storedRefreshExpiry, type IdleWatcher } from '../page/idleWatcher';
import { createSessionTimeout, pageSignOut } from '../page/sessionTimeout';
import { pageIo } from '../../lib/crossTab/pageIo';
import { logoff } from '../page/logoff';
import { followSignOut } from '../page/followSignOut';
import { useSignOut } from '../../features/shell/SignOutConfirm';

/** The countdown's clock: re-rendered every second while the warning is open, read from Date.now(). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  return now;
}

/** The page's idle clock and timed-out sign-out run on its real cross-tab I/O. */
const io = pageIo();
const sessionTimeout = createSessionTimeout({ ...io, ...pageSignOut });

/** Stands in for the time while the sentence is translated, so the time can be its own element. */
const timeMark = '\u2063TIME\u2063';

/**
 * The countdown: the time on its own in a role="timer" element, inside the translated sentence
 * (SessionTimeoutCountdown, whose {{time}} says where it goes in each language). A catalogue
 * without the sentence (or with one that has no {{time}}) still shows the time, alone.
 */
function Countdown({ time }: { time: string }) {
  const { t, i18n } = useTranslation();
  const sentence = i18n.exists('SessionTimeoutCountdown') ? t('SessionTimeoutCountdown', { time: timeMark }) : '';
  const [before, after] = sentence.includes(timeMark) ? sentence.split(timeMark, 2) : ['', ''];
  return (
    <p className="session-timeout__countdown" data-testid="session-timeout-countdown">
      {before}
      <span role="timer" aria-atomic="true">
        {time}
      </span>
      {after}
    </p>
  );
}

/**
 * SPEC §2/§4 session-timeout warning: after the idle time (shared by every tab) members holding
 * SessionTimeoutWarning see a 60-second countdown in every tab; Continue (here or in any tab)
 * refreshes the token and closes it everywhere, Logout signs out (asking first when writes wait on
 * this device), and the countdown passing zero saves open work and signs out, keeping the return URL.
 */
export function SessionTimeoutWarning() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permissions = useAtomValue(permissionsAtom);
  const [timeoutAt, setTimeoutAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const watcher = useRef<IdleWatcher | null>(null);
  const continueButton = useRef<HTMLButtonElement>(null);
  const now = useNow(timeoutAt !== null);
  // Logout is the member's own sign-out: with writes waiting on this device it asks first.
  const { signOut, confirm: signOutConfirm } = useSignOut();

  useEffect(() => {
    const release = sessionTimeout.holdOpenWork();
    const idle = startIdleWatcher(
      {
        enabled: () => appStore.get(permissionsAtom).has('SessionTimeoutWarning'),
        autoRefresh: () => appStore.get(permissionsAtom).has('AutoRefreshToken'),
        onWarning: setTimeoutAt,
        onTimedOut: () => void sessionTimeout.timeOutSession().then((target) => followSignOut(target, navigate)),
      },
      { ...io, ...storedRefreshExpiry },
    );
    watcher.current = idle;
    return () => {
      idle.stop();
      release();
      watcher.current = null;
    };
  }, [navigate]);

  // Permissions arrive (or change) after the layout mounts.
  useEffect(() => watcher.current?.reevaluate(), [permissions]);

  async function continueSession() {
    setBusy(true);
    try {
      const outcome = await refreshSession();
      if (outcome === 'refused' || outcome === 'no-session') return sessionEnded();
      // Offline ('unreachable'): the member is here and the session stays; the refresh is retried later.
      watcher.current?.restart();
    } finally {
      setBusy(false);
    }
  }

  /** The platform ended the session: signed out, not signing out, so drafts and waiting writes stay for the member's return. */
  async function sessionEnded() {
    followSignOut(await logoff({ keepDrafts: true }), navigate);
  }

  const open = timeoutAt !== null;
  return (
    <>
      <LazyModal
        open={open}
        role="alertdialog"
        size="x-small"
        tone="warning"
        title={t('SessionTimeout')}
        description={t('SessionTimeoutMessage')}
        // Escape or × mean the member is here: the same as Continue.
        onClose={() => void continueSession()}
        initialFocusEl={() => continueButton.current}
        footer={
          <>
            <Button color="secondary" disabled={busy} onClick={() => void signOut()}>
              {t('Logout')}
            </Button>
            <Button ref={continueButton} color="primary" loading={busy} onClick={() => void continueSession()}>
              {t('ContinueSession')}
            </Button>
          </>
        }
      >
        {/* Until the first tick, `now` may be from before the warning opened: never show more than the countdown. */}
        <Countdown time={formatCountdown(Math.min((timeoutAt ?? now) - now, appIdleSettings.timeoutMs))} />
      </LazyModal>
      {signOutConfirm}
    </>
  );
}

export default SessionTimeoutWarning;
