// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSave, onSaveRequested, saveEventName, type SaveEventDetail } from './saveEvent';

describe('the save event before a timed-out sign-out', () => {
  afterEach(() => vi.useRealTimers());

  it('reaches listeners and DOM listeners, and waits for their work', async () => {
    const order: string[] = [];
    const off = onSaveRequested(async () => {
      await Promise.resolve();
      order.push('listener');
    });
    const dom = (event: Event) => {
      (event as CustomEvent<SaveEventDetail>).detail.waitUntil(Promise.resolve().then(() => order.push('screen')));
    };
    window.addEventListener(saveEventName, dom);
    await announceSave();
    order.push('after');
    expect(order).toEqual(['listener', 'screen', 'after']);
    off();
    window.removeEventListener(saveEventName, dom);
  });

  it('a failing or stuck screen does not keep the session open past the bound', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offs = [
      onSaveRequested(() => {
        throw new Error('broken');
      }),
      onSaveRequested(() => new Promise(() => undefined)),
    ];
    let done = false;
    const saving = announceSave(10_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await saving;
    expect(done).toBe(true);
    offs.forEach((off) => off());
  });
});
