import { Workbox } from 'workbox-window';
import { appBuild } from '../build';
import { runPipelineInPage } from '../lib/api/apiFetch';
import { storageKeys } from '../lib/storage/keys';
import { readLocal, removeLocal, writeLocal } from '../lib/storage/localStore';
import { reloadOnStaleChunks } from './staleChunks';

/**
 * Registers the production service worker (dist/sw.js); dev builds run without one. Not for a build
 * whose worker the kill switch retired (public/sw-retire.js): registering /sw.js again would only
 * bring the kill switch back. A later deploy is a new build and registers again.
 */
export function registerServiceWorker(): Workbox | null {
  if (!import.meta.env.PROD) return null;
  reloadOnStaleChunks();
  if (!('serviceWorker' in navigator)) return null;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: unknown } | null)?.type !== 'trust-shell:sw-retired') return;
    writeLocal(storageKeys.swRetired, appBuild);
    runPipelineInPage();
  });
  const retired = readLocal(storageKeys.swRetired);
  if (retired === appBuild) {
    runPipelineInPage();
    return null;
  }
  if (retired !== null) removeLocal(storageKeys.swRetired);
  const wb = new Workbox('/sw.js', { scope: '/' });
  // The update handling loads after start-up (it is not needed before a deploy happens).
  void import('./appUpdate').then(({ watchForUpdates }) => watchForUpdates(wb));
  wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
  return wb;
}
