import * as z from 'zod/mini';
import { channels } from '../../core/protocol';
import type { Channels } from '../../core/crossTab/crossTabIo';
import { broadcastChannels } from '../../core/crossTab/contextIo';

/**
 * Outbox news for every tab, from whichever context replayed (a tab or the service worker):
 * the queue changed (recount), or writes settled (toast, failure list, reload what they changed).
 * Parsed against this schema on arrival: any same-origin script can post on the channel.
 */
const settledWriteSchema = z.lazy(() => z.object({
  id: z.string(),
  label: z.string(),
  kind: z.string(),
  /** It had waited (offline, server errors): its delivery is news for the member. */
  deferred: z.boolean(),
}));
export type SettledWrite = z.infer<typeof settledWriteSchema>;

const outboxMessageSchema = z.lazy(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('outbox-changed') }),
  z.object({ type: z.literal('outbox-settled'), sent: z.array(settledWriteSchema), failed: z.array(settledWriteSchema) }),
]));
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The service worker's answer to a tab's replay request (a MessageChannel port of its own). */
const replayReportSchema = z.lazy(() => z.object({
  sent: z.array(settledWriteSchema),
  failed: z.array(settledWriteSchema),
  dropped: z.number(),
  pending: z.number(),
}));

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

/** The outbox channel over a context's channels (the real ones, or a unit test's fakes). */
export interface OutboxChannel {
  /**
   * Tells every context, this one included: a channel message reaches every other channel end, also
   * those of the sending context (each listener has its own). Without channels this context's
   * listeners are told directly.
   */
  announce(message: OutboxMessage): void;
  /** Outbox news from this context and every other one. Returns the unsubscribe. */
  onMessage(listener: (message: OutboxMessage) => void): () => void;
}

export function outboxChannelOver(channels: Channels): OutboxChannel {
  const localListeners = new Set<(message: OutboxMessage) => void>();
  return {
    announce(message) {
      const channel = channels.open(channelName);
      if (!channel) return localListeners.forEach((listener) => listener(message));
      try {
        channel.post(message);
      } finally {
        channel.close();
      }
    },
    onMessage(listener) {
      const channel = channels.open(channelName, (data) => {
        const message = parseOutboxMessage(data);
        if (message) listener(message);
      });
      if (!channel) localListeners.add(listener);
      return () => {
        localListeners.delete(listener);
        channel?.close();
      };
    },
  };
}

const contextChannel = outboxChannelOver(broadcastChannels);

/** Outbox news for every context of the origin (see OutboxChannel.announce). */
export function announce(message: OutboxMessage): void {
  contextChannel.announce(message);
}

/** Outbox news from this context and every other one. Returns the unsubscribe. */
export function onOutboxMessage(listener: (message: OutboxMessage) => void): () => void {
  return contextChannel.onMessage(listener);
}
