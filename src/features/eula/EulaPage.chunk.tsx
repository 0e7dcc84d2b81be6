import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DefaultLogo } from '../../components/brand/DefaultLogo';
import { iconSet, productBrand } from '../../lib/branding/brandVariants';
import { Button } from '../../components/button/Button';
import { Loading } from '../../components/loading/Loading';
import { SafeHtml } from '../../components/safeHtml/SafeHtml';
import { acceptEula, loadEula, type Eula } from '../../lib/eula/eula';
import { logoff } from '../../session/page/logoff';
import { followSignOut } from '../../session/page/followSignOut';
import { takeReturnPath } from '../../session/page/session';
import { paths } from '../../config/paths';
import './eula.css';

type View = { kind: 'loading' } | { kind: 'failed' } | { kind: 'shown'; eula: Eula; notice: 'changed' | 'accept-failed' | null };

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOnline = () => navigator.onLine;

/**
 * SPEC §2 /eula: the platform's agreement (sanitised server HTML), Accept (the shown Version, then
 * one refresh, then on to the return URL or /mfe-host) and Sign out. A changed agreement is shown
 * again with a message; failures can be tried again; offline, Accept waits for the network.
 */
export default function EulaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  // Each load is one attempt; the view shows loading until that attempt's answer is in.
  const [attempt, setAttempt] = useState<{ n: number; notice: 'changed' | null }>({ n: 0, notice: null });
  const [loaded, setLoaded] = useState<{ n: number; eula: Eula | null } | null>(null);
  const [acceptFailed, setAcceptFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    void loadEula().then((eula) => {
      if (alive) setLoaded({ n: attempt.n, eula });
    });
    return () => {
      alive = false;
    };
  }, [attempt]);

  const reload = useCallback((notice: 'changed' | null) => {
    setAcceptFailed(false);
    setAttempt((a) => ({ n: a.n + 1, notice }));
  }, []);

  const view: View =
    loaded?.n !== attempt.n
      ? { kind: 'loading' }
      : loaded.eula
        ? { kind: 'shown', eula: loaded.eula, notice: acceptFailed ? 'accept-failed' : attempt.notice }
        : { kind: 'failed' };

  async function accept(eula: Eula) {
    setBusy(true);
    setAcceptFailed(false);
    const outcome = await acceptEula(eula.Version);
    setBusy(false);
    if (outcome === 'accepted') {
      const target = takeReturnPath(paths.mfeHost);
      void navigate(target.startsWith(paths.eula) ? paths.mfeHost : target, { replace: true });
    } else if (outcome === 'changed') {
      reload('changed');
    } else {
      setAcceptFailed(true);
    }
  }

  async function signOut() {
    setBusy(true);
    followSignOut(await logoff(), navigate);
  }

  return (
    <main className="eula-page">
      <DefaultLogo src={iconSet(productBrand).logo} />
      <h1 id="eula-title">{t('EndUserAgreement')}</h1>
      <p>{t('EndUserAgreementIntro')}</p>
      {!online && (
        <p className="eula-page__notice" role="status">
          {t('EulaOffline')}
        </p>
      )}
      {view.kind === 'loading' && <Loading size="medium" />}
      {view.kind === 'failed' && (
        <div className="eula-page__notice" role="alert">
          <p>{t('EulaLoadError')}</p>
          <Button color="secondary" onClick={() => reload(null)}>
            {t('Retry')}
          </Button>
        </div>
      )}
      {view.kind === 'shown' && (
        <>
          {view.notice && (
            <p className="eula-page__notice" role="alert">
              {t(view.notice === 'changed' ? 'EulaChanged' : 'EulaAcceptError')}
            </p>
          )}
          {/* Focusable so the agreement scrolls with the keyboard alone. */}
          <section className="eula-page__text" aria-labelledby="eula-title" tabIndex={0} data-testid="eula-text">
            <SafeHtml html={view.eula.Html} />
          </section>
        </>
      )}
      <div className="eula-page__actions">
        {view.kind === 'shown' && (
          <Button loading={busy} disabled={!online} onClick={() => void accept(view.eula)}>
            {t('Accept')}
          </Button>
        )}
        <Button color="secondary" disabled={busy} onClick={() => void signOut()}>
          {t('SignOut')}
        </Button>
      </div>
    </main>
  );
}
