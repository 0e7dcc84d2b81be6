import { isGatewayStatus } from '../../pipeline/core/gateway';

/**
 * The outbox's rules as pure functions, so the page and the service worker replay
 * queued writes the same way: whose writes may go, in which order, and what an answer means.
 */

/** A write the shell could not send yet, as kept in IndexedDB (never with a bearer). */
export interface QueuedWrite {
  /** Also the Idempotency-Key: a replay after a lost answer is not applied twice. */
  id: string;
  /** Queue order (IndexedDB key generator). */
  seq?: number;
  /** What the member did, as a translation key for the pending-writes list (e.g. SavePreferences). */
  label: string;
  /** What the shell should do when it settles (reload the preferences, ...), see outbox/page. */
  kind: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** Un-prefixed platform path, e.g. /api/alert/v1/schedules/42/acknowledge. */
  path: string;
  /** Writes to the same resource are sent in the order they were made. */
  resource: string;
  contentType: string | null;
  body: string | null;
  userGuid: string;
  tenantGuid: string;
  /** The organisation group it was made in (absent on writes queued by an older build). */
  orgGroupGuid?: string;
  /** The role it was made in, as the token spells it (absent on writes queued by an older build). */
  role?: string;
  /** The organisation it was made in, when the token named one. */
  organizationId?: string | null;
  createdAt: number;
  attempts: number;
  state: 'pending' | 'failed';
  failure?: WriteFailure;
  /** A replay could not send it at once: the member was told it waits, and hears when it goes. */
  deferred?: boolean;
}

export interface WriteFailure {
  status: number | null;
  /** The platform's ApiError message when it sent one, else a short reason. */
  message: string;
}

/** Who is signed in where the replay runs; null when nobody is. */
export interface Signer {
  userGuid: string;
  tenantGuid: string;
  orgGroupGuid?: string;
  role?: string;
  organizationId?: string | null;
}

/** An access token's scope as a signer. */
export function signerOf(claims: { guid: string; tenantGuid: string; orgGroupGuid: string; role: string; org?: string }): Signer {
  return { userGuid: claims.guid, tenantGuid: claims.tenantGuid, orgGroupGuid: claims.orgGroupGuid, role: claims.role, organizationId: claims.org ?? null };
}

/**
 * Whether a write may go under `signer`: the same member, tenant, organisation group and role (a
 * path like the organisation defaults names no scope, the token decides it; a role's permissions
 * are not another's), and the same organisation when both name one.
 */
export function inScope(write: QueuedWrite, signer: Signer): boolean {
  if (write.userGuid !== signer.userGuid || write.tenantGuid !== signer.tenantGuid) return false;
  if (write.orgGroupGuid !== undefined && write.orgGroupGuid !== signer.orgGroupGuid) return false;
  if (write.role !== undefined && write.role !== signer.role) return false;
  const org = write.organizationId ?? null;
  const now = signer.organizationId ?? null;
  return org === null || now === null || org === now;
}

/** Why the shell gave a write up without a refusal it could show (the list words them). */
export const failureReasons = { expired: 'Expired', keepsFailing: 'ServerKeepsRefusing' } as const;

/** The headers a write goes with: its key, its body type, never a bearer (the pipeline adds the current one). */
export function writeHeaders(write: QueuedWrite): Record<string, string> {
  return { 'Idempotency-Key': write.id, ...(write.contentType ? { 'Content-Type': write.contentType } : {}) };
}

/** The platform remembers an Idempotency-Key for 24 h (contract); a later replay would not be safe. */
export const idempotencyWindowMs = 24 * 3600 * 1000;
/** A write the platform keeps refusing with a server error is given up after this many tries. */
export const maxAttempts = 5;

export type Plan =
  /** Another member signed in: the write is deleted unsent (never under someone else's name). */
  | { action: 'drop'; write: QueuedWrite }
  /** Older than the idempotency window: shown as failed rather than risk a second application. */
  | { action: 'expire'; write: QueuedWrite }
  | { action: 'send'; write: QueuedWrite };

/**
 * What to do with each queued write, in queue order. Writes of the signed-in member for another
 * tenant wait (they are sent when that tenant is current again); failed ones wait for the member.
 */
export function planReplay(writes: readonly QueuedWrite[], signer: Signer | null, now: number): Plan[] {
  if (!signer) return [];
  const ordered = [...writes].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const plan: Plan[] = [];
  for (const write of ordered) {
    if (write.userGuid !== signer.userGuid) plan.push({ action: 'drop', write });
    // Another tenant, organisation group, role or organisation: it waits until that scope is current.
    else if (write.state !== 'pending' || !inScope(write, signer)) continue;
    else if (now - write.createdAt > idempotencyWindowMs) plan.push({ action: 'expire', write });
    else plan.push({ action: 'send', write });
  }
  return plan;
}

export type Verdict =
  | { outcome: 'sent' }
  /** Not this write's fault (network, gateway, server error, rate limit, session): try again later. */
  | { outcome: 'retry' }
  | { outcome: 'failed' };

/**
 * An answer's status → sent, failed for good (the member is told), or try again later. Gateway
 * errors, rate limits and an unaccepted bearer are never the write's fault. Another server error
 * on the first try is shown at once (contract fall-back: an error, the previous values stay); for
 * a write that already waited, it is tried again a few times.
 */
export function judgeAnswer(status: number, deferred = false): Verdict {
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  if (status === 401 || status === 408 || status === 429 || isGatewayStatus(status)) return { outcome: 'retry' };
  if (status >= 500) return deferred ? { outcome: 'retry' } : { outcome: 'failed' };
  return { outcome: 'failed' };
}

/** A retry that has used up its attempts becomes a failure the member sees. */
export function afterRetry(write: QueuedWrite, status: number | null): QueuedWrite {
  const attempts = write.attempts + 1;
  if (attempts < maxAttempts) return { ...write, attempts, deferred: true };
  return { ...write, attempts, deferred: true, state: 'failed', failure: { status, message: failureReasons.keepsFailing } };
}

/** The failure text of an ApiError body ({status, code, message}), else the status alone. */
export function failureFrom(status: number, body: unknown): WriteFailure {
  const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
  return { status, message: message.slice(0, 300) };
}

/** Guards a value read back from IndexedDB: a corrupt entry is dropped, never sent. */
export function isQueuedWrite(value: unknown): value is QueuedWrite {
  if (typeof value !== 'object' || value === null) return false;
  const w = value as Record<string, unknown>;
  const str = (k: string) => typeof w[k] === 'string' && w[k] !== '';
  return (
    str('id') &&
    str('label') &&
    str('kind') &&
    (w.method === 'POST' || w.method === 'PUT' || w.method === 'DELETE') &&
    typeof w.path === 'string' &&
    w.path.startsWith('/api/') &&
    str('resource') &&
    (w.contentType === null || typeof w.contentType === 'string') &&
    (w.body === null || typeof w.body === 'string') &&
    str('userGuid') &&
    str('tenantGuid') &&
    (w.orgGroupGuid === undefined || str('orgGroupGuid')) &&
    (w.role === undefined || typeof w.role === 'string') &&
    (w.organizationId === undefined || w.organizationId === null || typeof w.organizationId === 'string') &&
    typeof w.createdAt === 'number' &&
    typeof w.attempts === 'number' &&
    (w.state === 'pending' || w.state === 'failed')
  );
}
