import { notify } from '../../lib/notify';
import { onOutboxMessage, type SettledWrite } from '../core/outboxChannel';
import type { QueuedWrite } from '../core/outboxRules';
import { appStore, atom } from '../../state/jotai';
import { memberWrites, requestReplay, wasToldQueued } from './outbox';
import { showWaitingWrites } from './appBadge';

/**
 * What the top bar shows of the outbox: the member's waiting and failed writes,
 * a toast when waiting ones are delivered or refused, and each domain's reaction to its writes
 * settling (preferences read again after a refused save, ...).
 */
export const memberWritesAtom = atom<readonly QueuedWrite[]>([]);

type SettledHandler = (write: SettledWrite, outcome: 'sent' | 'failed') => void;
const handlers = new Map<string, SettledHandler>();

/** A domain's reaction when one of its writes settles, in whichever context it was replayed. */
export function onWriteSettled(kind: string, handler: SettledHandler): void {
  handlers.set(kind, handler);
}

async function recount(): Promise<void> {
  const writes = await memberWrites();
  appStore.set(memberWritesAtom, writes);
  // The installed app's icon counts what still waits (refused writes wait for nothing).
  showWaitingWrites(writes.filter((write) => write.state !== 'failed').length);
}

/** News for the member: writes that had waited (here or in another tab) are out, or refused. */
function tell(sent: readonly SettledWrite[], failed: readonly SettledWrite[]): void {
  const waited = (w: SettledWrite) => w.deferred || wasToldQueued(w.id);
  const delivered = sent.filter(waited).length;
  const refused = failed.filter(waited).length;
  if (delivered > 0) notify({ type: 'success', titleKey: 'WritesSent', values: { count: delivered } });
  if (refused > 0) notify({ type: 'error', titleKey: 'WritesFailed', descriptionKey: 'WritesFailedHelp', values: { count: refused } });
}

export function replaySoon(): void {
  void requestReplay()
    .catch(() => null)
    .then(recount);
}

/**
 * Runs while the signed-in shell is shown: counts the member's writes, replays the queue at
 * start-up and whenever the network returns, and reacts to writes settling anywhere.
 */
export function startOutbox(): () => void {
  const stop = onOutboxMessage((message) => {
    void recount();
    if (message.type !== 'outbox-settled') return;
    tell(message.sent, message.failed);
    for (const write of message.sent) handlers.get(write.kind)?.(write, 'sent');
    for (const write of message.failed) handlers.get(write.kind)?.(write, 'failed');
  });
  window.addEventListener('online', replaySoon);
  replaySoon();
  return () => {
    stop();
    window.removeEventListener('online', replaySoon);
  };
}
