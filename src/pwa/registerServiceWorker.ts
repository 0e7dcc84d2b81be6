import { appBuild } from '../build';
import { firstScreenShown } from '../lib/firstScreen';
import { isRetiredNotice } from '../core/pwa/workerMessages';
import { runPipelineInPage } from '../lib/api/apiFetch';
import { storageKeys } from '../lib/storage/keys';
import { readLocal, removeLocal, writeLocal } from '../lib/storage/localStore';
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
  // After the first screen, not beside it: the page's pipeline serves until a worker controls it
  // (and Workbox registers only after the window's load anyway), so workbox-window and the update
  // handling are not part of the first screen's JavaScript (the /auth budget).
  // A first route whose loaders wait on the network still gets its worker (and updates) after 10 s.
  const late = new Promise<void>((resolve) => setTimeout(resolve, 10_000));
  void Promise.race([firstScreenShown, late])
    .then(() => Promise.all([import('workbox-window'), import('./appUpdate')]))
    .then(([{ Workbox }, { watchForUpdates }]) => {
      const wb = new Workbox('/sw.js', { scope: '/' });
      watchForUpdates(wb);
      return wb.register();
    })
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}
