import { useCallback, useState, useSyncExternalStore } from 'react';
import { createOverlay, type Overlay } from './overlay';

export interface OverlayHandle {
  isOpen: boolean;
  /** Opens; throws (overlay rules) if already open. */
  open: () => void;
  /**
   * Closes from the UI (Escape, backdrop, a button). UI events can arrive twice for one close
   * (a button and the dialog's own open-change), so this one is a no-op on a closed overlay;
   * code that must close an open overlay calls `overlay.close()` and gets the rules.
   */
  dismiss: () => void;
  overlay: Overlay;
}

/** The overlay state of one modal, for `<Modal open={handle.isOpen} onClose={handle.dismiss}>`. */
export function useOverlay(): OverlayHandle {
  const [overlay] = useState(createOverlay);
  const state = useSyncExternalStore(
    useCallback((notify: () => void) => overlay.subscribe(notify), [overlay]),
    () => overlay.state,
  );
  const open = useCallback(() => overlay.open(), [overlay]);
  const dismiss = useCallback(() => {
    if (overlay.state === 'open') overlay.close();
  }, [overlay]);
  return { isOpen: state === 'open', open, dismiss, overlay };
}
