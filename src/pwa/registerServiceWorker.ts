import { appBuild } from '../build';
import { firstScreenShown } from '../lib/firstScreen';
import { isRetiredNotice } from '../core/pwa/workerMessages';
import { runPipelineInPage } from '../pipeline/page/apiFetch';
import { storageKeys } from '../lib/storage/keys';
import { readLocal, removeLocal, writeLocal } from '../lib/storage/localStore';
import { trustedScriptUrl } from '../lib/trustedTypes/scriptUrls';
import { reloadOnStaleChunks } from './staleChunks';

/**
 * Registers the production service worker (dist/sw.js); dev builds run without one. Not for a build
 * whose worker the kill switch retired (public/sw-retire.js): registering /sw.js again would only
 * bring the kill switch back. A later deploy is a new build and registers again.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD) return;
  reloadOnStaleChunks();
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isRetiredNotice(event.data)) return;
    writeLocal(storageKeys.swRetired, appBuild);
    runPipelineInPage();
  });
  const retired = readLocal(storageKeys.swRetired);
  if (retired === appBuild) {
    runPipelineInPage();
    return;
  }
  if (retired !== null) removeLocal(storageKeys.swRetired);
  // After the first screen and the window's load, not beside them: the page's pipeline serves
  // until a worker controls it. A first route whose loaders wait on the network still gets its
  // worker after 10 s.
  const late = new Promise<void>((resolve) => setTimeout(resolve, 10_000));
  void Promise.race([firstScreenShown, late])
    .then(windowLoaded)
    .then(() => navigator.serviceWorker.register(trustedScriptUrl('/sw.js') as string, { scope: '/' }))
    .then((): void => {
      // Workbox-window and the update handling only once a worker controls the page: before that
      // there is no version to move from (a first visit, the sign-in page's budget), and the
      // first worker claims the page as soon as it has precached, these chunks included.
      if (navigator.serviceWorker.controller) return void watchUpdates();
      navigator.serviceWorker.addEventListener('controllerchange', () => void watchUpdates(), { once: true });
    })
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}

function windowLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** The update watch on the registration made above (workbox-window registers the same script again: a no-op). */
async function watchUpdates(): Promise<void> {
  try {
    const [{ Workbox }, { watchForUpdates }] = await Promise.all([import('workbox-window'), import('./appUpdate')]);
    const wb = new Workbox(trustedScriptUrl('/sw.js'), { scope: '/' });
    watchForUpdates(wb);
    await wb.register();
  } catch (error) {
    console.error('Service worker update watch failed', error);
  }
}
