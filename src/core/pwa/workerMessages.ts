import * as z from 'zod/mini';
import { workerMessages } from '../protocol';

/**
 * The messages between the tabs and the service worker (postMessage, not the session channels):
 * parsed against these schemas on arrival like every other cross-context message, so only the
 * known commands, with nothing attached, are ever acted on.
 */
const tabCommandSchema = z.lazy(() => z.object({ type: z.enum([workerMessages.skipWaiting, workerMessages.skipWaitingIfUnseen, workerMessages.outboxReplay]) }));
export type TabCommand = z.infer<typeof tabCommandSchema>['type'];

/** What a tab asks of the service worker, or null for anything else. */
export function parseTabCommand(data: unknown): TabCommand | null {
  const parsed = tabCommandSchema.safeParse(data);
  return parsed.success ? parsed.data.type : null;
}

/** The kill switch (public/sw-retire.js) telling its tabs the build's worker is retired. */
const retiredNoticeSchema = z.lazy(() => z.object({ type: z.literal(workerMessages.retired) }));

export function isRetiredNotice(data: unknown): boolean {
  return retiredNoticeSchema.safeParse(data).success;
}
