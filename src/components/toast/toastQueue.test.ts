import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/jotai';
import { toast, toastsAtom } from './toast';
import { createToastQueue, toastDefaults } from './toastQueue';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  toast.clear();
  vi.useRealTimers();
});

const titles = (items: readonly { titleKey: string }[]) => items.map((item) => item.titleKey);

describe('toast queue (SPEC §9: max 4, oldest closed first, 6000 ms)', () => {
  it('has the spec limits', () => {
    expect(toastDefaults).toEqual({ max: 4, duration: 6000 });
  });

  it.each<[number, string[]]>([
    [1, ['T1']],
    [4, ['T1', 'T2', 'T3', 'T4']],
    [5, ['T2', 'T3', 'T4', 'T5']],
    [6, ['T3', 'T4', 'T5', 'T6']],
    [9, ['T6', 'T7', 'T8', 'T9']],
  ])('%i shown → %j open', (count, open) => {
    const queue = createToastQueue();
    for (let i = 1; i <= count; i += 1) queue.show({ titleKey: `T${i}` });
    expect(titles(queue.items())).toEqual(open);
  });

  it('closes each toast 6000 ms after it opened', () => {
    const queue = createToastQueue();
    queue.show({ titleKey: 'A' });
    vi.advanceTimersByTime(2000);
    queue.show({ titleKey: 'B' });
    vi.advanceTimersByTime(3999);
    expect(titles(queue.items())).toEqual(['A', 'B']);
    vi.advanceTimersByTime(1);
    expect(titles(queue.items())).toEqual(['B']);
    vi.advanceTimersByTime(1999);
    expect(titles(queue.items())).toEqual(['B']);
    vi.advanceTimersByTime(1);
    expect(queue.items()).toEqual([]);
  });

  it('a toast pushed out early leaves no timer behind', () => {
    const changes: number[] = [];
    const queue = createToastQueue({ onChange: (items) => changes.push(items.length) });
    for (let i = 1; i <= 5; i += 1) queue.show({ titleKey: `T${i}` });
    expect(vi.getTimerCount()).toBe(4);
    vi.advanceTimersByTime(6000);
    expect(queue.items()).toEqual([]);
    expect(changes).toEqual([1, 2, 3, 4, 4, 3, 2, 1, 0]);
  });

  it('pausing keeps a toast open; resuming runs the rest of its time', () => {
    const queue = createToastQueue();
    const id = queue.show({ titleKey: 'A' });
    vi.advanceTimersByTime(5000);
    queue.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(titles(queue.items())).toEqual(['A']);
    queue.resume(id);
    vi.advanceTimersByTime(999);
    expect(titles(queue.items())).toEqual(['A']);
    vi.advanceTimersByTime(1);
    expect(queue.items()).toEqual([]);
  });

  it('dismiss closes one toast at once; a custom duration is honoured', () => {
    const queue = createToastQueue();
    const a = queue.show({ titleKey: 'A', duration: 1000 });
    queue.show({ titleKey: 'B' });
    queue.dismiss('nope');
    vi.advanceTimersByTime(1000);
    expect(titles(queue.items())).toEqual(['B']);
    queue.dismiss(a);
    const b = queue.items()[0]!.id;
    queue.dismiss(b);
    expect(queue.items()).toEqual([]);
  });
});

describe('toast API (jotai store, usable from plain modules)', () => {
  it('five toasts leave four in the atom, oldest gone; all gone after 6000 ms', () => {
    for (let i = 1; i <= 5; i += 1) toast.show({ titleKey: `T${i}`, descriptionKey: 'D', type: i === 5 ? 'error' : 'info' });
    const items = appStore.get(toastsAtom);
    expect(titles(items)).toEqual(['T2', 'T3', 'T4', 'T5']);
    expect(items.at(-1)).toMatchObject({ type: 'error', descriptionKey: 'D' });
    vi.advanceTimersByTime(6000);
    expect(appStore.get(toastsAtom)).toEqual([]);
  });

  it('success and error set the type', () => {
    toast.success({ titleKey: 'PreferencesSaved' });
    toast.error({ titleKey: 'SalesforceCaseError' });
    expect(appStore.get(toastsAtom).map((item) => item.type)).toEqual(['success', 'error']);
  });
});
