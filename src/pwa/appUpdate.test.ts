// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workbox } from 'workbox-window';
import { appStore } from '../state/jotai';
import { track } from '../pipeline/page/inFlight';
import { updateWaitingAtom, watchForUpdates } from './appUpdate';

/**
 * The quiet-moment rule: with a new version waiting, a tab that goes out of sight
 * asks the waiting worker to take over only when no tab holds unsaved input and nothing is in flight.
 */
describe('applying an update at a quiet moment', () => {
  const postMessage = vi.fn();
  let visibility: DocumentVisibilityState = 'visible';

  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['setInterval'] }); // the 30-minute update check stays still
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { controller: {}, getRegistration: () => Promise.resolve({ waiting: { postMessage } }), addEventListener: () => undefined },
    });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    watchForUpdates({ addEventListener: () => undefined, update: () => Promise.resolve() } as unknown as Workbox);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  beforeEach(() => {
    postMessage.mockReset();
    localStorage.clear();
    appStore.set(updateWaitingAtom, true);
  });
  afterEach(() => {
    visibility = 'visible';
  });

  async function hide() {
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    // The decision awaits the registration lookup.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  it('out of sight with nothing typed: the waiting worker is asked to take over if no window is in view', async () => {
    await hide();
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING_IF_UNSEEN' });
  });

  it('a draft in any tab keeps the old version', async () => {
    localStorage.setItem('trust-shell.draft.date-time-preferences.u1.t1', '{"timeFormat":"24Hour"}');
    await hide();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('never while a platform call is in flight', async () => {
    let finish = () => undefined as void;
    void track(new Promise<void>((resolve) => (finish = resolve)));
    await hide();
    expect(postMessage).not.toHaveBeenCalled();
    finish();
  });

  it('nothing waiting: nothing to apply', async () => {
    appStore.set(updateWaitingAtom, false);
    await hide();
    expect(postMessage).not.toHaveBeenCalled();
  });
});
