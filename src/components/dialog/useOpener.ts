import { useLayoutEffect, useRef } from 'react';

/**
 * The element that had focus when `open` turned true, while it is still in the page. Ark's focus
 * trap notes the focused element only on its first frame, and a Tab pressed before that frame (a
 * busy machine) would send focus back to whatever the Tab reached instead of the opener.
 */
export function useOpener(open: boolean): () => HTMLElement | null {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const focused = document.activeElement;
    opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
  }, [open]);
  return () => (opener.current?.isConnected ? opener.current : null);
}
