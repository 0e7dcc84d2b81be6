import { afterEach, describe, expect, it, vi } from 'vitest';
import { bounded } from './bounded';

describe('bounded', () => {
  afterEach(() => vi.useRealTimers());

  it('answers what the promise answers in time, else the fall-back; a failure is the fall-back too', async () => {
    vi.useFakeTimers();
    await expect(bounded(Promise.resolve('read'), 150, null)).resolves.toBe('read');
    await expect(bounded(Promise.reject(new Error('refused')), 150, null)).resolves.toBeNull();
    const late = bounded(new Promise<string>((resolve) => setTimeout(() => resolve('late'), 200)), 150, 'fall-back');
    await vi.advanceTimersByTimeAsync(150);
    await expect(late).resolves.toBe('fall-back');
    // Its timer is cleared once answered: nothing is left running.
    await bounded(Promise.resolve(1), 150, 0);
    expect(vi.getTimerCount()).toBe(1);
  });
});
