/**
 * Outbox news for every tab, from whichever context replayed (a tab or the service worker):
 * the queue changed (recount), or writes settled (toast, failure list, reload what they changed).
 */
export interface SettledWrite {
  id: string;
  label: string;
  kind: string;
  /** It had waited (offline, server errors): its delivery is news for the member. */
  deferred: boolean;
}

export type OutboxMessage =
  | { type: 'outbox-changed' }
  | { type: 'outbox-settled'; sent: SettledWrite[]; failed: SettledWrite[] };

const channelName = 'trust-shell.outbox';
const localListeners = new Set<(message: OutboxMessage) => void>();

function isOutboxMessage(data: unknown): data is OutboxMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'outbox-changed' || type === 'outbox-settled';
}

/**
 * Tells every context, this one included: a BroadcastChannel message reaches every other channel
 * object, also those of the sending context (each listener has its own). Without BroadcastChannel
 * this context's listeners are told directly.
 */
export function announce(message: OutboxMessage): void {
  try {
    const channel = new BroadcastChannel(channelName);
    channel.postMessage(message);
    channel.close();
  } catch {
    localListeners.forEach((listener) => listener(message));
  }
}

/** Outbox news from this context and every other one. Returns the unsubscribe. */
export function onOutboxMessage(listener: (message: OutboxMessage) => void): () => void {
  let channel: BroadcastChannel | null = null;
  try {
    channel = new BroadcastChannel(channelName);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isOutboxMessage(event.data)) listener(event.data);
    };
  } catch {
    channel = null;
    localListeners.add(listener);
  }
  return () => {
    localListeners.delete(listener);
    channel?.close();
  };
}
