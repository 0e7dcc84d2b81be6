import { broadcast } from '../session/sessionChannel';

/**
 * Tells every tab when the platform stops or starts answering, as seen by whichever context
 * (page or service worker) made the call. "Unreachable" is announced every time (it is rare, and a
 * tab that was still starting must hear it from its own failed call); "reachable" only on change,
 * since every successful call reports it.
 */
let lastKnown: boolean | null = null;

export function reportReachable(reachable: boolean): void {
  if (reachable && lastKnown === true) return;
  lastKnown = reachable;
  broadcast({ type: 'connectivity', online: reachable });
}
