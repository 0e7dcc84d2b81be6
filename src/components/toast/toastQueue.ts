/**
 * SPEC §9 toasts: at most 4 open, the oldest closed first, 6000 ms each. Plain logic (no React, no
 * jotai) so the rules are tested with fake timers; `toast.ts` connects it to the app's store.
 */
export type ToastType = 'info' | 'success' | 'warning' | 'error';

export interface ToastOptions {
  /** Translation key of the title (required: a toast always says something). */
  titleKey: string;
  descriptionKey?: string | undefined;
  /** Interpolation values for both keys. */
  values?: Record<string, string | number> | undefined;
  type?: ToastType | undefined;
  /** Milliseconds before it closes by itself (default 6000). */
  duration?: number | undefined;
}

export interface ToastItem {
  id: string;
  titleKey: string;
  descriptionKey?: string | undefined;
  values?: Record<string, string | number> | undefined;
  type: ToastType;
}

export const toastDefaults = { max: 4, duration: 6000 } as const;

export interface ToastQueue {
  show(options: ToastOptions): string;
  dismiss(id: string): void;
  /** Stops a toast's clock (pointer over it, focus in it) so nobody loses a message mid-read. */
  pause(id: string): void;
  resume(id: string): void;
  clear(): void;
  items(): readonly ToastItem[];
}

interface Clock {
  timer: ReturnType<typeof setTimeout> | null;
  remaining: number;
  startedAt: number;
}

export function createToastQueue(options: { max?: number; duration?: number; onChange?: (items: readonly ToastItem[]) => void } = {}): ToastQueue {
  const max = options.max ?? toastDefaults.max;
  const defaultDuration = options.duration ?? toastDefaults.duration;
  let items: readonly ToastItem[] = [];
  const clocks = new Map<string, Clock>();
  let counter = 0;

  const publish = () => options.onChange?.(items);

  const stopClock = (id: string) => {
    const clock = clocks.get(id);
    if (clock?.timer) clearTimeout(clock.timer);
  };

  const startClock = (id: string, clock: Clock) => {
    clock.startedAt = Date.now();
    clock.timer = setTimeout(() => dismiss(id), clock.remaining);
  };

  function dismiss(id: string): void {
    if (!items.some((item) => item.id === id)) return;
    stopClock(id);
    clocks.delete(id);
    items = items.filter((item) => item.id !== id);
    publish();
  }

  return {
    show(toast) {
      counter += 1;
      const id = `toast-${counter}`;
      const item: ToastItem = { id, titleKey: toast.titleKey, type: toast.type ?? 'info' };
      if (toast.descriptionKey !== undefined) item.descriptionKey = toast.descriptionKey;
      if (toast.values !== undefined) item.values = toast.values;
      let next = [...items, item];
      // Over the limit: the oldest go first (SPEC §9).
      while (next.length > max) {
        const oldest = next[0]!;
        stopClock(oldest.id);
        clocks.delete(oldest.id);
        next = next.slice(1);
      }
      items = next;
      const clock: Clock = { timer: null, remaining: toast.duration ?? defaultDuration, startedAt: 0 };
      clocks.set(id, clock);
      startClock(id, clock);
      publish();
      return id;
    },
    dismiss,
    pause(id) {
      const clock = clocks.get(id);
      if (!clock?.timer) return;
      clearTimeout(clock.timer);
      clock.timer = null;
      clock.remaining = Math.max(0, clock.remaining - (Date.now() - clock.startedAt));
    },
    resume(id) {
      const clock = clocks.get(id);
      if (!clock || clock.timer) return;
      startClock(id, clock);
    },
    clear() {
      for (const id of clocks.keys()) stopClock(id);
      clocks.clear();
      items = [];
      publish();
    },
    items: () => items,
  };
}
