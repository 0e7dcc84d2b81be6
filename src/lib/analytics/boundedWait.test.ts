import { describe, expect, it } from 'vitest';
import { waitSchedule, waitUntil } from './boundedWait';

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: (ms: number) => (waits.push(ms), Promise.resolve()) };
}

describe('bounded wait (SPEC §9: 7 checks, 10 ms × 2^attempt)', () => {
  it('waits 10, 20, … 640 ms: 1270 ms in all', () => {
    expect(waitSchedule()).toEqual([10, 20, 40, 80, 160, 320, 640]);
    expect(waitSchedule().reduce((a, b) => a + b, 0)).toBe(1270);
  });

  it('gives up after exactly 7 checks', async () => {
    const { waits, sleep } = recordingSleep();
    let checks = 0;
    await expect(waitUntil(() => (checks += 1) < 0, { sleep })).resolves.toBe('gave-up');
    expect(checks).toBe(7);
    expect(waits).toEqual([10, 20, 40, 80, 160, 320, 640]);
  });

  it('stops at the first successful check', async () => {
    const { waits, sleep } = recordingSleep();
    let checks = 0;
    await expect(waitUntil(() => (checks += 1) === 3, { sleep })).resolves.toBe('ready');
    expect(waits).toEqual([10, 20, 40]);
  });

  it('counts a throwing check as not ready', async () => {
    const { sleep } = recordingSleep();
    let checks = 0;
    const outcome = await waitUntil(() => {
      checks += 1;
      if (checks < 2) throw new Error('agent broken');
      return true;
    }, { sleep });
    expect(outcome).toBe('ready');
  });

  it('ends quietly when cancelled', async () => {
    const { waits, sleep } = recordingSleep();
    let cancelled = false;
    const outcome = await waitUntil(() => ((cancelled = true), false), { sleep, cancelled: () => cancelled });
    expect(outcome).toBe('cancelled');
    expect(waits).toEqual([10, 20]);
  });
});
