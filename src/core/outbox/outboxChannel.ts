import * as z from 'zod/mini';
import { channels } from '../protocol';

/**
 * Outbox news for every tab, from whichever context replayed (a tab or the service worker):
 * the queue changed (recount), or writes settled (toast, failure list, reload what they changed).
 * Parsed against this schema on arrival: any same-origin script can post on the channel.
 */
const settledWriteSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.string(),
  /** It had waited (offline, server errors): its delivery is news for the member. */
  deferred: z.boolean(),
});
export type SettledWrite = z.infer<typeof settledWriteSchema>;

const outboxMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('outbox-changed') }),
  z.object({ type: z.literal('outbox-settled'), sent: z.array(settledWriteSchema), failed: z.array(settledWriteSchema) }),
]);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The service worker's answer to a tab's replay request (a MessageChannel port of its own). */
const replayReportSchema = z.object({
  sent: z.array(settledWriteSchema),
  failed: z.array(settledWriteSchema),
  dropped: z.number(),
  pending: z.number(),
});

export function parseReplayReport(data: unknown): z.infer<typeof replayReportSchema> | null {
  const parsed = replayReportSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

const channelName = channels.outbox;

/** The message, with nothing but its known fields, or null when it is off the schema. */
export function parseOutboxMessage(data: unknown): OutboxMessage | null {
  const parsed = outboxMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

const localListeners = new Set<(message: OutboxMessage) => void>();

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
      const message = parseOutboxMessage(event.data);
      if (message) listener(message);
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
