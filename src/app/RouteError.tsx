import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { storageKeys } from '../lib/storage/keys';
import { readTab, writeTab } from '../lib/storage/localStore';
import { isChunkLoadError, maySelfReload } from './routeErrorRules';

/** How long the browser must stay online before the page reloads by itself. */
const onlineSettleMs = 1_000;

function reload(): void {
  writeTab(storageKeys.routeErrorReload, String(Date.now()));
  location.reload();
}

/**
 * The shell's own page for a route that failed (instead of the router's developer screen): what
 * happened in the member's words and a Reload button. A page file that could not be fetched
 * (offline during start-up, no service worker) reloads by itself once the browser is online.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const unreachable = isChunkLoadError(error);

  useEffect(() => {
    console.error('Route failed', error);
    if (!unreachable) return;
    // Only once the network has stayed on for a moment: a reload into a flapping network would
    // land on the browser's own offline page, which the shell cannot mend.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const whenSettled = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (navigator.onLine && maySelfReload(Number(readTab(storageKeys.routeErrorReload) ?? Number.NaN), Date.now())) reload();
      }, onlineSettleMs);
    };
    const offline = () => clearTimeout(timer);
    if (navigator.onLine) whenSettled();
    window.addEventListener('online', whenSettled);
    window.addEventListener('offline', offline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', whenSettled);
      window.removeEventListener('offline', offline);
    };
  }, [error, unreachable]);

  return (
    <main className="startup-error">
      <div role="alert">
        <h1>{t(unreachable ? 'NetworkError' : 'SomethingWentWrong')}</h1>
        <button type="button" className="button button--primary" onClick={reload}>
          {t('Reload')}
        </button>
      </div>
    </main>
  );
}
