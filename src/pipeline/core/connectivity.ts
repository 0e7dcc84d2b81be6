import { broadcast } from '../../session/core/sessionChannel';

/**
 * Tells every tab when the platform stops or starts answering, as seen by whichever context
 * (page or service worker) made the call. "Unreachable" is announced every time (it is rare, and a
 * tab that was still starting must hear it from its own failed call); "reachable" only on change,
 * since every successful call reports it. `silent`: calls reach the platform and go unanswered past
 * their time (lie-fi), which the chrome shows as reconnecting rather than offline.
 */
let lastKnown: boolean | null = null;

export function reportReachable(reachable: boolean, { silent = false }: { silent?: boolean } = {}): void {
  if (reachable && lastKnown === true) return;
  lastKnown = reachable;
  broadcast(reachable ? { type: 'connectivity', online: true } : { type: 'connectivity', online: false, ...(silent ? { silent } : {}) });
}
