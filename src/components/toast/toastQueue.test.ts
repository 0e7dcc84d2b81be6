import { afterEach, describe, expect, it } from 'vitest';
import { openToasts, toast } from './toast';
import { createToastQueue, toastDefaults } from './toastQueue';

afterEach(() => {
  toast.clear();
});

const titles = (items: readonly { titleKey: string }[]) => items.map((item) => item.titleKey);

describe('toast queue on Ark UI (SPEC §9: max 4, oldest closed first, bottom-right, 6000 ms)', () => {
  it('gives Ark the spec limits', () => {
    const { store } = createToastQueue();
    expect(store.attrs).toMatchObject({ max: 4, duration: 6000, placement: 'bottom-end', pauseOnPageIdle: false });
    expect(toastDefaults).toMatchObject({ max: 4, duration: 6000 });
  });

  it.each<[number, string[]]>([
    [1, ['T1']],
    [4, ['T1', 'T2', 'T3', 'T4']],
    [5, ['T2', 'T3', 'T4', 'T5']],
    [6, ['T3', 'T4', 'T5', 'T6']],
    [9, ['T6', 'T7', 'T8', 'T9']],
  ])('%i shown → %j open, none queued', (count, open) => {
    const queue = createToastQueue();
    for (let i = 1; i <= count; i += 1) queue.show({ titleKey: `T${i}` });
    expect(titles(queue.items())).toEqual(open);
    // Ark's own `max` would queue the fifth: the store itself holds only the open four.
    expect(queue.store.getCount()).toBe(open.length);
    expect(queue.store.getVisibleToasts().map((t) => t.title)).toEqual([...open].reverse());
  });

  it('a toast on its way out makes room before the oldest open one does', () => {
    const queue = createToastQueue();
    const ids = [1, 2, 3, 4].map((i) => queue.show({ titleKey: `T${i}` }));
    // The third's exit animation starts (Ark tells its status): it is no longer open.
    const third = queue.store.getVisibleToasts().find((t) => t.id === ids[2]);
    third?.onStatusChange?.({ status: 'dismissing', src: 'user' });
    expect(titles(queue.items())).toEqual(['T1', 'T2', 'T4']);
    queue.show({ titleKey: 'T5' });
    expect(titles(queue.items())).toEqual(['T1', 'T2', 'T4', 'T5']);
    expect(queue.store.getCount()).toBe(4);
  });

  it('each toast carries its keys, values and type; the default duration is the store’s 6000 ms', () => {
    const queue = createToastQueue();
    queue.show({ titleKey: 'A', descriptionKey: 'D', values: { n: 2 }, type: 'error' });
    queue.show({ titleKey: 'B', type: 'success', duration: 1000 });
    expect(queue.items()).toEqual([
      { id: expect.any(String) as string, titleKey: 'A', descriptionKey: 'D', values: { n: 2 }, type: 'error' },
      { id: expect.any(String) as string, titleKey: 'B', type: 'success' },
    ]);
    const [b, a] = queue.store.getVisibleToasts();
    // No per-type default (Ark's is 2000 ms for a success): the store's, or the caller's.
    expect([a?.duration, b?.duration]).toEqual([6000, 1000]);
  });

  it('clear closes every toast', () => {
    const queue = createToastQueue();
    queue.show({ titleKey: 'A' });
    queue.show({ titleKey: 'B' });
    queue.clear();
    expect(queue.items()).toEqual([]);
    expect(queue.store.getCount()).toBe(0);
  });
});

describe('toast API (usable from plain modules)', () => {
  it('five toasts leave four open, the oldest gone', () => {
    for (let i = 1; i <= 5; i += 1) toast.show({ titleKey: `T${i}`, descriptionKey: 'D', type: i === 5 ? 'error' : 'info' });
    const items = openToasts();
    expect(titles(items)).toEqual(['T2', 'T3', 'T4', 'T5']);
    expect(items.at(-1)).toMatchObject({ type: 'error', descriptionKey: 'D' });
  });

  it('success and error set the type', () => {
    toast.success({ titleKey: 'PreferencesSaved' });
    toast.error({ titleKey: 'SalesforceCaseError' });
    expect(openToasts().map((item) => item.type)).toEqual(['success', 'error']);
  });
});
