import { useLayoutEffect, useRef } from 'react';

/**
 * The element that had focus when `open` turned true, while it is still shown. Ark's focus trap
 * notes the focused element only on its first frame, and a Tab pressed before that frame (a busy
 * machine) would send focus back to whatever the Tab reached instead of the opener. An opener that
 * is gone or hidden by then (a menu item) gives null: Ark's own choice stands.
 */
export function useOpener(open: boolean): () => HTMLElement | null {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const focused = document.activeElement;
    opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
  }, [open]);
  return () => (opener.current?.isConnected && opener.current.getClientRects().length > 0 ? opener.current : null);
}
