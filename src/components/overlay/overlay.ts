/**
 * SPEC §4/§8 overlay rules: an overlay is closed, open or destroyed. Opening one that is open or
 * destroyed, or closing one that is closed or destroyed, is a programming error and throws
 * ("Overlay already opened", "Overlay already closed", "Overlay already destroyed"), so a double
 * open or a close after teardown shows up in development instead of as a stuck backdrop.
 */
export type OverlayState = 'closed' | 'open' | 'destroyed';

export interface Overlay {
  readonly state: OverlayState;
  open(): void;
  close(): void;
  /** Closes if needed and ends the overlay for good; destroying twice is harmless (cleanup code). */
  destroy(): void;
  /** Called after every change of state. */
  subscribe(listener: (state: OverlayState) => void): () => void;
}

export function createOverlay(): Overlay {
  let state: OverlayState = 'closed';
  const listeners = new Set<(state: OverlayState) => void>();
  const change = (next: OverlayState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  return {
    get state() {
      return state;
    },
    open() {
      if (state === 'destroyed') throw new Error('Overlay already destroyed');
      if (state === 'open') throw new Error('Overlay already opened');
      change('open');
    },
    close() {
      if (state === 'destroyed') throw new Error('Overlay already destroyed');
      if (state === 'closed') throw new Error('Overlay already closed');
      change('closed');
    },
    destroy() {
      if (state === 'destroyed') return;
      change('destroyed');
      listeners.clear();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
