import type { Workbox } from 'workbox-window';
import { whenIdle, inFlight } from '../pipeline/page/inFlight';
import { hasUnsavedInput } from '../lib/forms/formDraft';
import { appStore } from '../state/jotai';
import { updateWaitingAtom } from './updateState';
import { workerMessages } from '../core/protocol';

/**
 * Updates. A new service worker installs and waits; every tab shows "a new
 * version is available". It takes over when the member chooses Reload in any tab, or by itself
 * when no tab holds unsaved input and no tab is in view (the waiting worker checks every window);
 * never in the middle of this page's platform calls. Until then the old worker keeps serving the
 * old version's files, lazy chunks included. When it takes over, every tab reloads into it.
 */
export { updateWaitingAtom };

/** How often a long-open tab asks whether a new version was deployed. */
const checkEveryMs = 30 * 60_000;
/** The longest a reload waits for this page's calls in flight. */
const settleMs = 5_000;

let workbox: Workbox | null = null;

async function waitingWorker(): Promise<ServiceWorker | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration?.waiting ?? null;
}

/** The member's consent: the new version takes over once this page's calls have settled. */
export async function applyUpdate(): Promise<void> {
  await whenIdle(settleMs);
  if (workbox) workbox.messageSkipWaiting();
  else (await waitingWorker())?.postMessage({ type: workerMessages.skipWaiting });
}

/** Out of sight, nothing typed, nothing in flight: let the waiting worker decide for every window. */
async function applyIfUnseen(): Promise<void> {
  if (!appStore.get(updateWaitingAtom) || hasUnsavedInput() || inFlight() > 0) return;
  (await waitingWorker())?.postMessage({ type: workerMessages.skipWaitingIfUnseen });
}

export function watchForUpdates(wb: Workbox): void {
  workbox = wb;
  wb.addEventListener('waiting', () => appStore.set(updateWaitingAtom, true));
  // A tab opened while a new version already waits hears of it too.
  void waitingWorker().then((waiting) => {
    if (waiting && navigator.serviceWorker.controller) appStore.set(updateWaitingAtom, true);
  });
  let controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The very first worker taking control serves this same version: nothing to reload.
    const replaced = controller !== null;
    controller = navigator.serviceWorker.controller;
    if (replaced) void whenIdle(settleMs).then(() => location.reload());
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void applyIfUnseen();
    else void wb.update().catch(() => undefined);
  });
  setInterval(() => void wb.update().catch(() => undefined), checkEveryMs);
}
