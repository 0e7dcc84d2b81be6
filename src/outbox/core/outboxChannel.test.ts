import { describe, expect, it } from 'vitest';
import { announce, onOutboxMessage, parseOutboxMessage, parseReplayReport, type OutboxMessage } from './outboxChannel';

function forge(data: unknown): void {
  const channel = new BroadcastChannel('trust-shell.outbox');
  channel.postMessage(data);
  channel.close();
}

const write = { id: 'w1', label: 'preferences.save', kind: 'preferences', deferred: true };

/** What a listener is handed for `send`, up to a marker announcement that shows delivery caught up. */
async function delivered(send: () => void): Promise<OutboxMessage[]> {
  const seen: OutboxMessage[] = [];
  let done: () => void = () => undefined;
  const caughtUp = new Promise<void>((resolve) => (done = resolve));
  const marker = { ...write, id: '__marker__' };
  const stop = onOutboxMessage((message) => {
    if (message.type === 'outbox-settled' && message.sent[0]?.id === '__marker__') done();
    else seen.push(message);
  });
  send();
  announce({ type: 'outbox-settled', sent: [marker], failed: [] });
  await caughtUp;
  stop();
  return seen;
}

describe('outbox channel: messages are data, checked at the edge', () => {
  it.each([
    ['settled without lists', { type: 'outbox-settled' }],
    ['settled with a list that is not one', { type: 'outbox-settled', sent: 'all', failed: [] }],
    ['a settled write without an id', { type: 'outbox-settled', sent: [{ label: 'x', kind: 'y', deferred: false }], failed: [] }],
    ['a settled write with a label object', { type: 'outbox-settled', sent: [], failed: [{ ...write, label: { toString: 'x' } }] }],
    ['deferred as a string', { type: 'outbox-settled', sent: [{ ...write, deferred: 'yes' }], failed: [] }],
    ['unknown type', { type: 'outbox-replay' }],
    ['null', null],
    ['a number', 42],
  ])('a forged message is dropped: %s', async (_name, data) => {
    expect(parseOutboxMessage(data)).toBeNull();
    expect(await delivered(() => forge(data))).toEqual([]);
  });

  it('passes on well-formed messages, stripped of anything extra', async () => {
    const seen = await delivered(() => {
      forge({ type: 'outbox-changed', extra: 1 });
      forge({ type: 'outbox-settled', sent: [{ ...write, extra: 1 }], failed: [] });
    });
    expect(seen).toEqual([{ type: 'outbox-changed' }, { type: 'outbox-settled', sent: [write], failed: [] }]);
  });
});

describe('replay report from the service worker', () => {
  it('is taken only when it has the report shape', () => {
    expect(parseReplayReport({ sent: [write], failed: [], dropped: 0, pending: 1, extra: true })).toEqual({ sent: [write], failed: [], dropped: 0, pending: 1 });
    expect(parseReplayReport({ sent: [write], failed: [] })).toBeNull();
    expect(parseReplayReport(null)).toBeNull();
  });
});
