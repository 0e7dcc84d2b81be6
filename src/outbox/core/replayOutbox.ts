import { isExpired, parseAccessClaims } from '../../session/core/claims';
import { isGatewayStatus } from '../../pipeline/core/gateway';
import { exclusively } from '../../core/exclusively';
import { readAccessToken, readClaims } from '../../session/core/sessionDb';
import { refreshSession } from '../../session/core/refresh';
import { sessionChannelOver } from '../../session/core/sessionChannel';
import { outboxChannelOver, type SettledWrite } from './outboxChannel';
import type { ContextIo } from '../../core/crossTab/crossTabIo';
import { afterRetry, failureFrom, failureReasons, inScope, judgeAnswer, planReplay, signerOf, writeHeaders, type QueuedWrite, type Signer } from './outboxRules';
import { ScopeChanged, type PipelineOptions } from '../../pipeline/core/pipelineFetch';
import { deleteWrite, listWrites, putWrite } from './outboxStore';
import { locks } from '../../core/protocol';

/**
 * Replays the outbox in whichever context runs it: the service worker (Background
 * Sync, or a tab's request) or a tab without one. `send` is that context's request pipeline, which
 * adds the bearer current at replay time. One replay at a time across every context (a Web Lock),
 * and a write leaves the queue only once the platform answered it.
 */
export interface ReplayReport {
  sent: SettledWrite[];
  failed: SettledWrite[];
  dropped: number;
  /** Writes still waiting (network down, server errors, another tenant). */
  pending: number;
}

const lockName = locks.outbox;

/** A token this close to its end is renewed before the replay, so it cannot expire in flight. */
const tokenMarginMs = 10_000;

const settled = (write: QueuedWrite): SettledWrite => ({ id: write.id, label: write.label, kind: write.kind, deferred: write.deferred === true });

function requestOf(write: QueuedWrite, origin: string, signal: AbortSignal): Request {
  return new Request(new URL(write.path, origin), { method: write.method, headers: writeHeaders(write), body: write.body, signal });
}

/**
 * Aborted once the signed-in member is no longer `userGuid` (a sign-out, another member's sign-in),
 * wherever that happened: a request handed to the network before it may still be waiting to leave
 * (a busy connection pool), and must not reach the platform after its member signed out. Every
 * session-store write is announced on the session channel, this context's own included.
 */
function whileSignedIn(userGuid: string, io: ContextIo): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const check = () =>
    void readClaims().then((claims) => {
      if (claims?.guid !== userGuid) controller.abort();
    });
  const stop = sessionChannelOver(io.channels).onMessage(check);
  // A message sent before this listener joined is not heard: the store is read once now.
  check();
  return { signal: controller.signal, stop };
}

async function failureBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

/** A fresh token for the replay; false when none can be had now (offline, or the session ended). */
async function freshToken(): Promise<Signer | null> {
  let token = await readAccessToken();
  let claims = parseAccessClaims(token);
  if (!claims) return null;
  if (isExpired(claims, Date.now() + tokenMarginMs)) {
    const outcome = await refreshSession({ failedToken: token });
    if (outcome !== 'refreshed' && outcome !== 'reused') return null;
    token = await readAccessToken();
    claims = parseAccessClaims(token);
    if (!claims) return null;
  }
  return signerOf(claims);
}

/** The writes still in the queue among `writes` now wait for the network: say so once. */
async function markDeferred(writes: readonly QueuedWrite[]): Promise<void> {
  const kept = new Map((await listWrites()).map((w) => [w.id, w]));
  for (const write of writes) {
    const now = kept.get(write.id);
    if (now && now.state === 'pending' && !now.deferred) await putWrite({ ...now, deferred: true });
  }
}

/**
 * `io`: the replaying context's locks and channels (the page's or the service worker's, wired where
 * each replays; a unit test's fakes).
 */
export function replayOutbox(send: (request: Request, options: PipelineOptions) => Promise<Response>, origin: string, io: ContextIo): Promise<ReplayReport> {
  const news = outboxChannelOver(io.channels);
  return exclusively(lockName, async () => {
    const report: ReplayReport = { sent: [], failed: [], dropped: 0, pending: 0 };
    const writes = await listWrites();
    if (writes.length === 0) return report;
    const claims = (await readClaims());
    // Nobody signed in: the queue waits for its member (another member's sign-in drops it).
    if (!claims) return { ...report, pending: writes.length };
    const plan = planReplay(writes, signerOf(claims), Date.now());
    for (const step of plan) {
      if (step.action === 'drop') {
        await deleteWrite(step.write.seq);
        report.dropped += 1;
      } else if (step.action === 'expire') {
        await putWrite({ ...step.write, state: 'failed', failure: { status: null, message: failureReasons.expired } });
        report.failed.push(settled(step.write));
      }
    }
    const sends = plan.filter((step) => step.action === 'send').map((step) => step.write);
    const signer = sends.length > 0 ? await freshToken() : null;
    // Writes go only under the member who made them, in the tenant, organisation group and
    // organisation they were made in: a switch in any tab meanwhile makes them wait.
    const mine = signer ? sends.filter((w) => inScope(w, signer)) : [];
    const blocked = new Set<string>();
    let unanswered = false;
    let scopeChanged = false;
    const session = whileSignedIn(claims.guid, io);
    try {
      for (const write of mine) {
        if (blocked.has(write.resource)) continue;
        let response: Response;
        try {
          // Checked against the very token the pipeline attaches, on the first try and on a retry.
          response = await send(requestOf(write, origin, session.signal), { acceptToken: (now) => now !== null && inScope(write, signerOf(now)) });
        } catch (error) {
          // No network, or the scope changed under the replay: everything waits for the next one.
          unanswered = !(error instanceof ScopeChanged);
          if (error instanceof ScopeChanged) scopeChanged = true;
          break;
        }
        const verdict = judgeAnswer(response.status, write.deferred === true);
        if (verdict.outcome === 'sent') {
          await deleteWrite(write.seq);
          report.sent.push(settled(write));
        } else if (verdict.outcome === 'failed') {
          await putWrite({ ...write, state: 'failed', failure: failureFrom(response.status, await failureBody(response)) });
          report.failed.push(settled(write));
        } else {
          // The platform is not answering (gateway): stop; a server error: this resource waits.
          if (isGatewayStatus(response.status)) {
            unanswered = true;
            break;
          }
          const next = afterRetry(write, response.status);
          await putWrite(next);
          if (next.state === 'failed') report.failed.push(settled(write));
          blocked.add(write.resource);
        }
      }
    } finally {
      session.stop();
    }
    if (unanswered || scopeChanged || !signer) await markDeferred(mine.length > 0 ? mine : sends);
    report.pending = (await listWrites()).filter((w) => w.state === 'pending' && w.userGuid === claims.guid).length;
    if (report.sent.length > 0 || report.failed.length > 0) news.announce({ type: 'outbox-settled', sent: report.sent, failed: report.failed });
    else if (report.dropped > 0) news.announce({ type: 'outbox-changed' });
    return report;
  }, io.locks);
}

/**
 * An explicit sign-out: the member's writes (waiting or failed) leave this device unsent. Under the
 * replay's lock, so none is half-way through a replay when it goes.
 */
export function discardMemberWrites(userGuid: string, io: ContextIo): Promise<number> {
  return exclusively(lockName, async () => {
    const mine = (await listWrites()).filter((w) => w.userGuid === userGuid);
    for (const write of mine) await deleteWrite(write.seq);
    if (mine.length > 0) outboxChannelOver(io.channels).announce({ type: 'outbox-changed' });
    return mine.length;
  }, io.locks);
}
