import { bounded } from '../../core/bounded';

/**
 * SPEC §4 SaveAndLogoff: before a timed-out session signs out, open screens (and micro-frontends,
 * through the host API) are told to save. A listener may return a promise; sign-out waits for
 * every one of them, up to a bound, so one stuck screen cannot keep an idle session alive.
 */
export type SaveListener = () => unknown;

/** The DOM event screens may also listen to: `event.detail.waitUntil(promise)` delays sign-out. */
export const saveEventName = 'trust-shell:save';
export interface SaveEventDetail {
  waitUntil(work: Promise<unknown>): void;
}

export const saveBoundMs = 10_000;

const listeners = new Set<SaveListener>();

export function onSaveRequested(listener: SaveListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every open screen to save and resolves when they have (or the bound has passed). */
export async function announceSave(boundMs: number = saveBoundMs): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (const listener of [...listeners]) {
    try {
      pending.push(Promise.resolve(listener()));
    } catch (error) {
      console.error('A screen failed to save before sign-out', error);
    }
  }
  const detail: SaveEventDetail = { waitUntil: (work) => pending.push(work) };
  window.dispatchEvent(new CustomEvent<SaveEventDetail>(saveEventName, { detail }));
  const results = await bounded(Promise.allSettled(pending), boundMs, []);
  for (const result of results) if (result.status === 'rejected') console.error('A screen failed to save before sign-out', result.reason);
}
