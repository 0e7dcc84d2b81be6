import * as z from 'zod/mini';
import { channels } from '../../core/protocol';
import type { Channels } from '../../core/crossTab/crossTabIo';
import { broadcastChannels } from '../../core/crossTab/contextIo';

/**
 * Where a `logoff` may send a tab (SPEC §4, contract): the sign-in page, or one of the platform's
 * two SAML sign-out paths with the member's e-mail (encodeURIComponent's alphabet only). Anything
 * else is refused at the edge: any same-origin script can post on the channel, and every tab
 * follows this address.
 */
const logoffRedirect = /^(?:\/auth|\/(?:authentication\/saml2|access\/v1\/saml)\/logout(?:\?email=[A-Za-z0-9\-_.!~*'()%]*)?)$/;

export function isLogoffRedirect(redirect: string): boolean {
  return logoffRedirect.test(redirect);
}

/**
 * Session events shared by every tab and the service worker (BroadcastChannel works in both).
 * A message is a fact that already happened; each receiver decides what it means for its own tab.
 * Every message is parsed against this schema on arrival: a message is data, never a command.
 * Built on first use (`z.lazy`), as every schema the shell parses with: building schemas is most of
 * zod's cost in a start, and many are never used in one (docs/decisions.md, 2026-11-29).
 */
const sessionMessageSchema = z.lazy(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('session-changed') }),
  /** `ended: 'refused'`: the session could not be kept (refresh refused, key gone), not signed out: a page holding unsaved work may keep it. */
  z.object({ type: z.literal('logoff'), redirect: z.string().check(z.refine(isLogoffRedirect)), ended: z.optional(z.literal('refused')) }),
  z.object({ type: z.literal('tenant-switched'), tenantGuid: z.string() }),
  /**
   * The organisation group or the role within it changed (a role switch says so too): `role` as the
   * token spells it, absent from a tab of an older build (that tab compares the group alone).
   */
  z.object({ type: z.literal('orggroup-switched'), orgGroupGuid: z.string(), role: z.optional(z.string()) }),
  /** `silent`: the platform accepts calls and answers none in time (lie-fi), rather than refusing them. */
  z.object({ type: z.literal('connectivity'), online: z.boolean(), silent: z.optional(z.boolean()) }),
  /** The idle countdown ran out: every tab saves its open work, then the session signs out. */
  z.object({ type: z.literal('session-timeout') }),
  /** A refresh grant failed in some context (refused, or unanswered): the login client's token_refresh_error. */
  z.object({ type: z.literal('refresh-failed'), reason: z.enum(['refused', 'unreachable']) }),
  /** A refresh grant has not been answered in 20 s (SPEC §9): the login client's silent_refresh_timeout. */
  z.object({ type: z.literal('refresh-timeout') }),
  /** A session-store entry (token, language, ...) was written: in-memory copies are stale. */
  z.object({ type: z.literal('store-changed'), key: z.string() }),
]));
export type SessionMessage = z.infer<typeof sessionMessageSchema>;

const channelName = channels.session;

/** The message, with nothing but its known fields, or null when it is off the schema. */
export function parseSessionMessage(data: unknown): SessionMessage | null {
  const parsed = sessionMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The session channel over a context's channels (the real ones, or a unit test's fakes). */
export interface SessionChannel {
  broadcast(message: SessionMessage): void;
  /**
   * Subscribes to session messages, including this context's own (each broadcast uses its own channel
   * end, and a channel skips only the sending end). Returns the unsubscribe.
   */
  onMessage(handler: (message: SessionMessage) => void): () => void;
}

export function sessionChannelOver(channels: Channels): SessionChannel {
  return {
    broadcast(message) {
      const channel = channels.open(channelName);
      try {
        channel?.post(message);
      } catch {
        // Not sent (no channel, or a closing context): this context still acts on its own.
      } finally {
        channel?.close();
      }
    },
    onMessage(handler) {
      const channel = channels.open(channelName, (data) => {
        const message = parseSessionMessage(data);
        if (message) handler(message);
      });
      return () => channel?.close();
    },
  };
}

const contextChannel = sessionChannelOver(broadcastChannels);

export function broadcast(message: SessionMessage): void {
  contextChannel.broadcast(message);
}

/** This context's session messages (see SessionChannel.onMessage). */
export function onSessionMessage(handler: (message: SessionMessage) => void): () => void {
  return contextChannel.onMessage(handler);
}
