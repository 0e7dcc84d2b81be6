// The analytics stand-in: a script defining the documented global, and a collect endpoint whose
// calls land in the request log (emulator/routes/analytics.ts).
import { Script } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, startPlatform, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h.close());
beforeEach(() => control(h.base, 'POST', 'reset'));

describe('analytics stand-in', () => {
  it('serves a script for any key that defines window.trustShellAnalytics with the five methods', async () => {
    const res = await fetch(`${h.base}/remotes/analytics/cs%20key/agent.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const script = await res.text();
    expect(script).toContain('window.trustShellAnalytics');
    for (const method of ['initialize', 'isReady', 'track', 'reset', 'optOut']) expect(script).toContain(`${method}: function`);
    // It compiles (the shell's tests run it in a real browser).
    expect(() => new Script(script)).not.toThrow();
  });

  it('records collected calls in the request log, without a bearer', async () => {
    const body = { call: 'track', key: 'k', ready: true, args: { name: 'page_view', props: { path: '/x' } } };
    const res = await fetch(`${h.base}/remotes/analytics/collect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(204);
    const log = await control<{ body: unknown; status: number }[]>(h.base, 'GET', 'log?path=/remotes/analytics/collect');
    expect(log).toEqual([expect.objectContaining({ body, status: 204 })]);
  });
});
