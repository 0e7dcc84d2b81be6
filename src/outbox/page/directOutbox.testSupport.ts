import type { WriteOutcome, WriteRequest } from './outbox';
import { apiFetch } from '../../pipeline/page/apiFetch';

/**
 * A stand-in for the outbox in unit tests of the modules that write (preferences, alerts): the write
 * goes straight to `apiFetch` (which those tests mock), with the outcome the outbox reports:
 * sent (2xx), failed (other statuses) or queued (no answer). The outbox itself is tested in
 * src/outbox/core and, end to end, in tests/e2e/outbox.spec.ts.
 */
export async function submitWrite(write: WriteRequest): Promise<WriteOutcome> {
  const init: RequestInit =
    write.body === undefined ? { method: write.method } : { method: write.method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(write.body) };
  try {
    const response = await apiFetch(write.path, init);
    return response.ok ? { state: 'sent' } : { state: 'failed', failure: { status: response.status, message: '' } };
  } catch {
    return { state: 'queued' };
  }
}

export function waitingBody(): Promise<unknown> {
  return Promise.resolve(null);
}
