/**
 * What the chrome says about the connection. Offline: the browser has no network, or the platform
 * refuses (a gateway error, a failed connection). Reconnecting: the network is there and the
 * platform takes calls but answers none in time (lie-fi), so the shell keeps trying on its own.
 * Either clears itself with the next answer. A status in the top bar, never a modal.
 */
export type ConnectionStatus = 'online' | 'offline' | 'reconnecting';

export interface ConnectionState {
  reachable: boolean;
  /** The last "unreachable" was a silence (calls unanswered past their time), not a refusal. */
  silent: boolean;
}

export type ConnectionEvent =
  /** A platform call's outcome, from any context (the session channel's `connectivity`). */
  | { type: 'platform'; online: boolean; silent?: boolean }
  /** The browser's own `online` / `offline` events. */
  | { type: 'browser'; online: boolean };

export const connectedState: ConnectionState = { reachable: true, silent: false };

/** The state after an event: the latest word wins, so the state before does not matter (kept for a reducer's shape). */
export function nextConnection(_state: ConnectionState, event: ConnectionEvent): ConnectionState {
  if (event.online) return connectedState;
  if (event.type === 'browser') return { reachable: false, silent: false };
  return { reachable: false, silent: event.silent === true };
}

export function connectionStatus(state: ConnectionState, browserOnline: boolean): ConnectionStatus {
  if (state.reachable) return 'online';
  return state.silent && browserOnline ? 'reconnecting' : 'offline';
}
