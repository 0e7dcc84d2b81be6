// The harness's own promise: a test process busy for seconds between two calls (a megabyte answer
// parsed on a loaded machine) still gets its second answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h.close());

describe('the test harness', () => {
  it('keeps an idle connection open for as long as a test file may run', async () => {
    // Node's default (5 s) closes a kept-alive connection while the process is busy; the client
    // then sends its next call on it, before either side's timer has run, and reads ECONNRESET.
    const res = await fetch(`${h.base}/api/global-state/v1/no-auth-init`);
    await res.arrayBuffer();
    const timeout = Number(/timeout=(\d+)/.exec(res.headers.get('keep-alive') ?? '')?.[1]);
    expect(timeout).toBeGreaterThanOrEqual(600);
  });
});
