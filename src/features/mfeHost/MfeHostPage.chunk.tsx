import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { runtimeConfigAtom } from '../../config/configAtom';
import { createHostApi } from './hostApi';
import { loadRemote, remoteForPath } from './remotes';
import { whenOnlineSettled } from '../../pipeline/page/onlineSettled';
import { paths, remotePathOf } from '../../config/paths';

/**
 * /mfe-host (and a remote's own /{route}): mounts the business screen (micro-frontend) configured
 * for the path, hands it the host API, and unmounts it when the member navigates elsewhere. A
 * remote that fails to load or to mount shows an error panel, never a blank page; an address no
 * remote serves is the not-found page.
 */
export function MfeHostPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subPath = remotePathOf(useLocation().pathname);
  const { microFrontends } = useAtomValue(runtimeConfigAtom);
  const remote = remoteForPath(microFrontends, subPath);
  const container = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<{ url: string; attempt: number } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const moduleUrl = remote?.moduleUrl ?? null;

  useEffect(() => {
    const element = container.current;
    if (!moduleUrl || !element) return;
    let unmount: (() => void) | undefined;
    let alive = true;
    const unmounted = new AbortController();
    const host = createHostApi((path) => void navigate(path), unmounted.signal);
    loadRemote(moduleUrl)
      .then((mount) => {
        if (!alive) return;
        const cleanup = mount(element, host);
        unmount = typeof cleanup === 'function' ? cleanup : undefined;
      })
      .catch((error: unknown) => {
        console.error(`Micro-frontend ${moduleUrl} failed`, error);
        if (alive) setFailure({ url: moduleUrl, attempt });
      });
    return () => {
      alive = false;
      unmounted.abort();
      try {
        unmount?.();
      } catch (error) {
        console.error(`Micro-frontend ${moduleUrl} failed to unmount`, error);
      }
      element.replaceChildren();
    };
  }, [moduleUrl, attempt, navigate]);

  const failed = failure !== null && failure.url === moduleUrl && failure.attempt === attempt;

  // A remote that could not be fetched while the network was away is tried again once the browser
  // has been back online for a moment (as Try again would), so the screen mends itself.
  useEffect(() => {
    if (!failed) return;
    // Only after the network's return: a remote that fails while online must not retry in a loop.
    return whenOnlineSettled(() => setAttempt((n) => n + 1), { afterReturn: true });
  }, [failed]);
  if (!remote && subPath !== '') return <Navigate to={paths.notFound} replace />;
  return (
    <>
      <h1 className="visually-hidden">{remote?.name ?? t('Home')}</h1>
      {failed && (
        <div className="mfe-error" role="alert">
          <p>{t('MicroFrontendLoadError')}</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('Retry')}
          </button>
        </div>
      )}
      <div ref={container} className="mfe-host" data-testid="mfe-container" hidden={failed} />
    </>
  );
}

export default MfeHostPage;
