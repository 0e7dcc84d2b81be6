import { pipelineFetch } from '../../pipeline/core/pipelineFetch';
import { readClaims } from '../../session/core/sessionDb';
import { announce, onOutboxMessage, parseReplayReport } from '../core/outboxChannel';
import { writeHeaders, type QueuedWrite, type WriteFailure } from '../core/outboxRules';
import { addWrite, deleteWrite, listWrites } from '../core/outboxStore';
import { replayOutbox, type ReplayReport } from '../core/replayOutbox';
import { apiFetch, pipelineWorker } from '../../pipeline/page/apiFetch';
import { outboxSyncTag, workerMessages } from '../../core/protocol';
import { contextIo } from '../../core/crossTab/contextIo';

/**
 * The page's door to the outbox: every write the shell makes for the member
 * (preferences, acknowledgements, settings, sales requests) is kept in IndexedDB first and then
 * sent; one the network cannot take now stays queued and is replayed later, by the service worker
 * when it controls the page (Background Sync where supported), else by the page itself.
 */
export interface WriteRequest {
  /** Translation key naming what the member did, for the pending list and the failure toast. */
  label: string;
  /** Which shell reaction a settled write gets (see onWriteSettled). */
  kind: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** JSON body, if any. */
  body?: unknown;
  /** Writes to one resource keep their order; by default the method and path. */
  resource?: string;
}

export type WriteOutcome =
  /** The platform took it (2xx). */
  | { state: 'sent' }
  /** The platform refused it (4xx): not sent again; the member is shown why. */
  | { state: 'failed'; failure: WriteFailure }
  /** Kept on this device; it goes when the network returns. */
  | { state: 'queued' };

export const syncTag = outboxSyncTag;
/** How long a form waits for its write before it says "kept, will be sent". */
const settleWaitMs = 8_000;
const replyWaitMs = 20_000;

/** Writes this tab told the member were kept for later: their delivery gets a toast. */
const toldQueued = new Set<string>();
export const wasToldQueued = (id: string): boolean => toldQueued.has(id);

/** Replays the outbox where the pipeline runs: the controlling service worker, else this page. */
export async function requestReplay(): Promise<ReplayReport | null> {
  const controller = pipelineWorker();
  if (!controller) return replayOutbox(pipelineFetch, location.origin, contextIo());
  const report = await new Promise<ReplayReport | null>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    const timer = setTimeout(() => resolve(null), replyWaitMs);
    port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      resolve(parseReplayReport(event.data));
    };
    controller.postMessage({ type: workerMessages.outboxReplay }, [port2]);
  });
  if (!report || report.pending > 0) void registerBackgroundSync();
  return report;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Background Sync: the browser wakes the service worker when it is back online, tab or no tab. */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & SyncRegistration;
    await registration.sync?.register(syncTag);
  } catch {
    // Not supported or not allowed: start-up, `online` and recovery replay instead.
  }
}

async function signedInMember(): Promise<{ guid: string; tenantGuid: string; orgGroupGuid: string; role: string; org?: string } | null> {
  return (await readClaims());
}

/** Without IndexedDB the write is sent once, directly, still with an Idempotency-Key. */
async function sendUnqueued(write: QueuedWrite): Promise<WriteOutcome> {
  try {
    const init: RequestInit = { method: write.method, headers: writeHeaders(write) };
    if (write.body !== null) init.body = write.body;
    const response = await apiFetch(write.path, init);
    if (response.ok) return { state: 'sent' };
    return { state: 'failed', failure: { status: response.status, message: '' } };
  } catch {
    return { state: 'failed', failure: { status: null, message: 'Offline' } };
  }
}

async function forgetUnlessDeferred(id: string): Promise<void> {
  const kept = (await listWrites()).find((w) => w.id === id);
  if (kept && !kept.deferred) {
    await deleteWrite(kept.seq);
    announce({ type: 'outbox-changed' });
  }
}

/** What became of one queued write: a settled message, or the queue itself after a replay. */
async function outcomeOf(id: string): Promise<WriteOutcome> {
  const kept = (await listWrites()).find((w) => w.id === id);
  if (!kept) return { state: 'sent' };
  if (kept.state === 'failed') return { state: 'failed', failure: kept.failure ?? { status: null, message: '' } };
  return { state: 'queued' };
}

/**
 * Keeps the write, then sends it. Resolves with what happened within a few seconds: sent, refused,
 * or queued (the network is down or slow; it will be sent, exactly once, when it can be).
 */
export async function submitWrite(request: WriteRequest): Promise<WriteOutcome> {
  const member = await signedInMember();
  if (!member) return { state: 'failed', failure: { status: 401, message: '' } };
  const hasBody = request.body !== undefined;
  const write: QueuedWrite = {
    id: crypto.randomUUID(),
    label: request.label,
    kind: request.kind,
    method: request.method,
    path: request.path,
    resource: request.resource ?? `${request.method} ${request.path}`,
    contentType: hasBody ? 'application/json' : null,
    body: hasBody ? JSON.stringify(request.body) : null,
    userGuid: member.guid,
    tenantGuid: member.tenantGuid,
    orgGroupGuid: member.orgGroupGuid,
    role: member.role,
    organizationId: member.org ?? null,
    createdAt: Date.now(),
    attempts: 0,
    state: 'pending',
  };
  try {
    await addWrite(write);
  } catch {
    return sendUnqueued(write);
  }
  announce({ type: 'outbox-changed' });
  const outcome = await new Promise<WriteOutcome>((resolve) => {
    let done = false;
    const finish = (value: WriteOutcome) => {
      if (done) return;
      done = true;
      stop();
      clearTimeout(timer);
      resolve(value);
    };
    // Whichever context replays it (this one, the service worker, another tab) says so here.
    const stop = onOutboxMessage((message) => {
      if (message.type !== 'outbox-settled') return;
      if (message.sent.some((w) => w.id === write.id)) finish({ state: 'sent' });
      else if (message.failed.some((w) => w.id === write.id)) void outcomeOf(write.id).then(finish);
    });
    const timer = setTimeout(() => finish({ state: 'queued' }), settleWaitMs);
    void requestReplay()
      .catch(() => null)
      .then(() => outcomeOf(write.id))
      .then(finish);
  });
  if (outcome.state === 'queued') toldQueued.add(write.id);
  // Refused on its first try: the form that sent it says so and keeps what was typed, so it does
  // not also wait in the list of failed writes.
  if (outcome.state === 'failed') await forgetUnlessDeferred(write.id);
  return outcome;
}

/** The member's queued writes (pending and failed), for the top bar's count and list. */
export async function memberWrites(): Promise<QueuedWrite[]> {
  const member = await signedInMember();
  if (!member) return [];
  return (await listWrites()).filter((w) => w.userGuid === member.guid && w.tenantGuid === member.tenantGuid);
}

/** The member has seen a failed write: it leaves the list (it is never sent). */
export async function dismissWrite(write: QueuedWrite): Promise<void> {
  await deleteWrite(write.seq);
  announce({ type: 'outbox-changed' });
}

/**
 * The body of the member's newest write to `path` still waiting to be sent, parsed, or null: what
 * the member already chose shows while it waits (a reload offline keeps their new preferences).
 */
export async function waitingBody(path: string): Promise<unknown> {
  const waiting = (await memberWrites()).filter((w) => w.path === path && w.state === 'pending' && w.body !== null);
  const newest = waiting.at(-1);
  if (!newest?.body) return null;
  try {
    return JSON.parse(newest.body) as unknown;
  } catch {
    return null;
  }
}
