import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { storageKeys } from '../lib/storage/keys';
import { readTab, writeTab } from '../lib/storage/localStore';
import { whenOnlineSettled } from '../pipeline/page/onlineSettled';
import { isChunkLoadError, maySelfReload } from './routeErrorRules';
import { markFirstScreenShown } from '../lib/firstScreen';

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

  // An error page is a first screen too: what waits for one (the service worker) goes ahead.
  useEffect(markFirstScreenShown, []);
  useEffect(() => {
    console.error('Route failed', error);
    if (!unreachable) return;
    return whenOnlineSettled(() => {
      if (maySelfReload(Number(readTab(storageKeys.routeErrorReload) ?? Number.NaN), Date.now())) reload();
    });
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
