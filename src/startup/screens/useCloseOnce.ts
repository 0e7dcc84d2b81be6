import { useRef } from 'react';

/**
 * A start-up modal answers once: its button and the dialog's own close (Escape, X) can both fire for
 * one click, and each outcome sends a request, so only the first one counts.
 */
export function useCloseOnce<A extends unknown[]>(onClose: (...args: A) => void): (...args: A) => void {
  const closed = useRef(false);
  return (...args: A) => {
    if (closed.current) return;
    closed.current = true;
    onClose(...args);
  };
}
