import { Workbox } from 'workbox-window';

/** Registers the production service worker (dist/sw.js); dev builds run without one. */
export function registerServiceWorker(): Workbox | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
  return wb;
}
