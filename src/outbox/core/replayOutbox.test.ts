// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteKv, sessionKeys, writeKv } from '../../session/core/sessionDb';
import type { OutboxMessage } from './outboxChannel';
import type { QueuedWrite } from './outboxRules';
import { addWrite, deleteWrite, listWrites } from './outboxStore';
import { waitBound } from '../../core/waitBound.testSupport';


const refreshSession = vi.fn<(request: unknown) => Promise<string>>();
vi.mock('../../session/core/refresh', () => ({ refreshSession: (request: unknown) => refreshSession(request) }));

const { replayOutbox } = await import('./replayOutbox');
const { onOutboxMessage, outboxChannelOver } = await import('./outboxChannel');
const { contextIo } = await import('../../core/crossTab/contextIo');
const { fakeOrigin } = await import('../../core/crossTab/crossTabFakes.testSupport');

/** This context's real locks and channels (the session store announces its writes on the real channel). */
const io = contextIo();

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (guid: string, tenantGuid: string, exp = 4_000_000_000) => `${b64({ alg: 'RS256' })}.${b64({ guid, tenantGuid, exp })}.sig`;

let seqId = 0;
function write(over: Partial<QueuedWrite> = {}): QueuedWrite {
  seqId += 1;
  const path = over.path ?? `/api/alert/v1/schedules/${seqId}/acknowledge`;
  return {
    id: `key-${seqId}`,
    label: 'WriteAcknowledgeMaintenance',
    kind: 'alerts',
    method: 'POST',
    path,
    resource: `POST ${path}`,
    contentType: null,
    body: null,
    userGuid: 'u1',
    tenantGuid: 't1',
    createdAt: Date.now(),
    attempts: 0,
    state: 'pending',
    ...over,
  };
}

/** The requests replayOutbox handed to the pipeline, and the answers it got. */
function pipeline(answer: (request: Request) => Response | Promise<Response>) {
  const sent: Request[] = [];
  const send = vi.fn(async (request: Request) => {
    sent.push(request);
    return answer(request);
  });
  return { sent, send };
}

const ok = () => new Response(null, { status: 204 });
const origin = 'https://shell.test';

describe('replayOutbox', () => {
  let messages: OutboxMessage[];
  beforeEach(async () => {
    for (const w of await listWrites()) await deleteWrite(w.seq);
    await writeKv(sessionKeys.accessToken, token('u1', 't1'));
    refreshSession.mockReset();
    messages = [];
    onOutboxMessage((m) => messages.push(m));
  });

  it('sends in queue order with each write’s Idempotency-Key and no stored bearer, then empties the queue', async () => {
    const first = await addWrite(write());
    const second = await addWrite(write({ method: 'PUT', path: '/api/benchmarking/v1/notification', contentType: 'application/json', body: '{"status":true}' }));
    const { sent, send } = pipeline(ok);
    const report = await replayOutbox(send, origin, io);
    expect(sent.map((r) => [r.method, new URL(r.url).pathname, r.headers.get('Idempotency-Key'), r.headers.get('Authorization')])).toEqual([
      ['POST', first.path, first.id, null],
      ['PUT', second.path, second.id, null],
    ]);
    expect(await sent[1]!.text()).toBe('{"status":true}');
    expect(sent[1]!.headers.get('Content-Type')).toBe('application/json');
    expect(report).toMatchObject({ sent: [{ id: first.id }, { id: second.id }], failed: [], dropped: 0, pending: 0 });
    expect(await listWrites()).toEqual([]);
    // Every context hears it (a BroadcastChannel message, so it arrives a moment later).
    await vi.waitFor(() => expect(messages.at(-1)).toMatchObject({ type: 'outbox-settled', sent: [{ id: first.id, deferred: false }, { id: second.id, deferred: false }] }), waitBound);
  });

  it('without a network keeps every write, marks them as waiting, and sends them on the next replay', async () => {
    await addWrite(write());
    await addWrite(write());
    const offline = pipeline(() => Promise.reject(new TypeError('Failed to fetch')));
    const report = await replayOutbox(offline.send, origin, io);
    expect(offline.sent).toHaveLength(1); // it stops at the first unanswered write
    expect(report).toMatchObject({ sent: [], failed: [], pending: 2 });
    expect((await listWrites()).map((w) => [w.state, w.deferred])).toEqual([
      ['pending', true],
      ['pending', true],
    ]);
    const online = pipeline(ok);
    const later = await replayOutbox(online.send, origin, io);
    expect(later.sent.map((w) => w.deferred)).toEqual([true, true]);
    expect(await listWrites()).toEqual([]);
  });

  it('a 4xx is a failure the member sees, with the platform’s message; the next write still goes', async () => {
    const refused = await addWrite(write());
    const next = await addWrite(write());
    const { sent, send } = pipeline((r) =>
      new URL(r.url).pathname === refused.path ? Response.json({ status: 400, code: 'VALIDATION_ERROR', message: 'Unknown schedule' }, { status: 400 }) : ok(),
    );
    const report = await replayOutbox(send, origin, io);
    expect(sent).toHaveLength(2);
    expect(report.failed.map((w) => w.id)).toEqual([refused.id]);
    expect(report.sent.map((w) => w.id)).toEqual([next.id]);
    expect(await listWrites()).toMatchObject([{ id: refused.id, state: 'failed', failure: { status: 400, message: 'Unknown schedule' } }]);
    // A failed write is never sent again by itself.
    const again = pipeline(ok);
    await replayOutbox(again.send, origin, io);
    expect(again.sent).toEqual([]);
  });

  it('a server error on its first try is a failure at once (contract fall-back), not a write left waiting', async () => {
    const w = await addWrite(write());
    const { send } = pipeline(() => new Response(null, { status: 500 }));
    expect((await replayOutbox(send, origin, io)).failed.map((f) => f.id)).toEqual([w.id]);
    expect(await listWrites()).toMatchObject([{ id: w.id, state: 'failed', failure: { status: 500 } }]);
  });

  it('a server error on a write that already waited holds back later writes to its resource, not the others', async () => {
    const path = '/api/globalization/v1/ui-settings/user/u1/preferences';
    await addWrite(write({ method: 'PUT', path, resource: `PUT ${path}`, body: '"a"', contentType: 'application/json', deferred: true }));
    await addWrite(write({ method: 'PUT', path, resource: `PUT ${path}`, body: '"b"', contentType: 'application/json', deferred: true }));
    const other = await addWrite(write());
    const { sent, send } = pipeline((r) => (new URL(r.url).pathname === path ? new Response(null, { status: 500 }) : ok()));
    const report = await replayOutbox(send, origin, io);
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual([path, other.path]);
    expect(report.sent.map((w) => w.id)).toEqual([other.id]);
    expect((await listWrites()).map((w) => [w.body, w.attempts, w.state])).toEqual([
      ['"a"', 1, 'pending'],
      ['"b"', 0, 'pending'],
    ]);
  });

  it('drops, unsent, the writes another member queued on this device', async () => {
    await addWrite(write({ userGuid: 'someone-else' }));
    const mine = await addWrite(write());
    const { sent, send } = pipeline(ok);
    const report = await replayOutbox(send, origin, io);
    expect(sent.map((r) => r.headers.get('Idempotency-Key'))).toEqual([mine.id]);
    expect(report.dropped).toBe(1);
    expect(await listWrites()).toEqual([]);
  });

  it('a write still waiting to leave when its member signs out is cancelled, and stays queued for them', async () => {
    const queued = await addWrite(write());
    // The request has been handed over but has not left yet (a busy connection pool): the sign-out
    // lands meanwhile; what leaves afterwards is whatever the request's signal still allows.
    let leave: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (leave = resolve));
    const { sent, send } = pipeline(async (request) => {
      await held;
      if (request.signal.aborted) throw new DOMException('The user aborted a request.', 'AbortError');
      return ok();
    });
    const replay = replayOutbox(send, origin, io);
    try {
      await vi.waitFor(() => expect(sent).toHaveLength(1), waitBound);
      await deleteKv(sessionKeys.auth);
      await deleteKv(sessionKeys.accessToken);
      await vi.waitFor(() => expect(sent[0]!.signal.aborted).toBe(true), waitBound);
    } finally {
      // Released either way, so the replay's lock does not outlive this test.
      leave();
    }
    expect(await replay).toMatchObject({ sent: [], failed: [] });
    expect((await listWrites()).map((w) => [w.id, w.state])).toEqual([[queued.id, 'pending']]);
  });

  it('nobody signed in: nothing is sent or dropped', async () => {
    await writeKv(sessionKeys.accessToken, 'not-a-token');
    await addWrite(write());
    const { sent, send } = pipeline(ok);
    expect(await replayOutbox(send, origin, io)).toMatchObject({ pending: 1, dropped: 0 });
    expect(sent).toEqual([]);
  });

  it('renews a token about to run out before sending; when that cannot be done, nothing is sent', async () => {
    const soon = Math.floor(Date.now() / 1000) + 5;
    await writeKv(sessionKeys.accessToken, token('u1', 't1', soon));
    await addWrite(write());
    refreshSession.mockResolvedValue('unreachable');
    const offline = pipeline(ok);
    expect(await replayOutbox(offline.send, origin, io)).toMatchObject({ pending: 1 });
    expect(offline.sent).toEqual([]);
    expect(refreshSession).toHaveBeenCalledTimes(1);

    refreshSession.mockImplementation(async () => {
      await writeKv(sessionKeys.accessToken, token('u1', 't1'));
      return 'refreshed';
    });
    const online = pipeline(ok);
    expect(await replayOutbox(online.send, origin, io)).toMatchObject({ pending: 0 });
    expect(online.sent).toHaveLength(1);
  });

  it('deletes a corrupt stored entry without sending it', async () => {
    await addWrite({ ...write(), path: 'https://evil.test/steal' });
    const { sent, send } = pipeline(ok);
    await replayOutbox(send, origin, io);
    expect(sent).toEqual([]);
    expect(await listWrites()).toEqual([]);
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the platform refuses it', () => new Response(null, { status: 400 })],
  ])('a write discarded while its replay is on its way stays discarded when %s (an explicit sign-out empties the queue)', async (_case, answer) => {
    await addWrite(write());
    const { send } = pipeline(async () => {
      for (const w of await listWrites()) await deleteWrite(w.seq);
      return answer();
    });
    await replayOutbox(send, origin, io);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await listWrites()).toEqual([]);
  });
});

describe('the outbox’s exactly-once across tabs and the service worker', () => {
  beforeEach(async () => {
    for (const w of await listWrites()) await deleteWrite(w.seq);
    await writeKv(sessionKeys.accessToken, token('u1', 't1'));
    refreshSession.mockReset();
  });

  /** The platform: every request it received (by Idempotency-Key), answering after a moment. */
  function platform(answer: () => Promise<Response> = () => Promise.resolve(ok())) {
    const received: string[] = [];
    const send = async (request: Request) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      received.push(request.headers.get('Idempotency-Key') ?? '');
      return answer();
    };
    return { received, send };
  }

  it('two tabs and the worker replaying at once send each write once, in queue order; every tab hears it settled', async () => {
    const shared = fakeOrigin();
    const [a, b, worker] = [shared.openTab(), shared.openTab(), shared.openWorker()];
    const heard: OutboxMessage[] = [];
    outboxChannelOver(b.channels).onMessage((m) => heard.push(m));
    const writes = [await addWrite(write()), await addWrite(write()), await addWrite(write())];
    const { received, send } = platform();
    const reports = await Promise.all([a, b, worker].map((context) => replayOutbox(send, origin, context)));
    expect(received).toEqual(writes.map((w) => w.id));
    expect(reports.flatMap((r) => r.sent.map((w) => w.id))).toEqual(writes.map((w) => w.id));
    expect(await listWrites()).toEqual([]);
    await vi.waitFor(() => expect(heard).toMatchObject([{ type: 'outbox-settled', sent: writes.map((w) => ({ id: w.id })) }]), waitBound);
  });

  it('a replay that finds no network loses nothing: the next one, in another context, sends each write once', async () => {
    const shared = fakeOrigin();
    const [tab, worker] = [shared.openTab(), shared.openWorker()];
    const writes = [await addWrite(write()), await addWrite(write())];
    const offline = platform(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await replayOutbox(offline.send, origin, worker)).toMatchObject({ sent: [], pending: 2 });
    const online = platform();
    expect((await replayOutbox(online.send, origin, tab)).sent.map((w) => w.id)).toEqual(writes.map((w) => w.id));
    expect(online.received).toEqual(writes.map((w) => w.id));
    expect(await listWrites()).toEqual([]);
  });

  it('an answer lost on the way back keeps the write; the next replay sends it again under the same Idempotency-Key', async () => {
    const shared = fakeOrigin();
    const [tab, worker] = [shared.openTab(), shared.openWorker()];
    const queued = await addWrite(write());
    // The platform took it, and the answer never came back.
    const lost = platform(() => Promise.reject(new TypeError('Failed to fetch')));
    await replayOutbox(lost.send, origin, worker);
    expect(await listWrites()).toMatchObject([{ id: queued.id, state: 'pending' }]);
    const again = platform();
    await replayOutbox(again.send, origin, tab);
    expect([...lost.received, ...again.received]).toEqual([queued.id, queued.id]);
    expect(await listWrites()).toEqual([]);
  });

  it('a tab closed in the middle of its replay frees the lock; the worker then sends what is left, each once', async () => {
    const shared = fakeOrigin();
    const [tab, worker] = [shared.openTab(), shared.openWorker()];
    const writes = [await addWrite(write()), await addWrite(write())];
    const received: string[] = [];
    // The closing tab's request reaches the platform; the tab is gone before the answer arrives.
    const closing = (request: Request) => {
      received.push(request.headers.get('Idempotency-Key') ?? '');
      tab.close();
      return new Promise<Response>(() => undefined);
    };
    void replayOutbox(closing, origin, tab);
    await vi.waitFor(() => expect(received).toHaveLength(1), waitBound);
    const rest = platform();
    const report = await replayOutbox(rest.send, origin, worker);
    // The first write went again with its key (the platform answers a repeat as it answered the
    // first); the second went once.
    expect([...received, ...rest.received]).toEqual([writes[0]!.id, writes[0]!.id, writes[1]!.id]);
    expect(report.sent.map((w) => w.id)).toEqual(writes.map((w) => w.id));
    expect(await listWrites()).toEqual([]);
  });
});

