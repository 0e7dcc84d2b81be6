/**
 * Session events shared by every tab and the service worker (BroadcastChannel works in both).
 * A message is a fact that already happened; each receiver decides what it means for its own tab.
 */
export type SessionMessage =
  | { type: 'session-changed' }
  | { type: 'logoff'; redirect: string }
  | { type: 'tenant-switched'; tenantGuid: string }
  | { type: 'orggroup-switched'; orgGroupGuid: string }
  | { type: 'connectivity'; online: boolean }
  /** The idle countdown ran out: every tab saves its open work, then the session signs out. */
  | { type: 'session-timeout' }
  /** A refresh grant failed in some context (refused, or unanswered): the login client's token_refresh_error. */
  | { type: 'refresh-failed'; reason: 'refused' | 'unreachable' }
  /** A session-store entry (token, language, ...) was written: in-memory copies are stale. */
  | { type: 'store-changed'; key: string };

const channelName = 'trust-shell.session';

function isSessionMessage(data: unknown): data is SessionMessage {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

export function broadcast(message: SessionMessage): void {
  try {
    const channel = new BroadcastChannel(channelName);
    channel.postMessage(message);
    channel.close();
  } catch {
    // No BroadcastChannel (very old browser): this context still acts on its own.
  }
}

/**
 * Subscribes to session messages, including this context's own (each broadcast uses its own channel
 * object, and BroadcastChannel skips only the sending object). Returns the unsubscribe.
 */
export function onSessionMessage(handler: (message: SessionMessage) => void): () => void {
  let channel: BroadcastChannel;
  try {
    channel = new BroadcastChannel(channelName);
  } catch {
    return () => undefined;
  }
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isSessionMessage(event.data)) handler(event.data);
  };
  return () => channel.close();
}
