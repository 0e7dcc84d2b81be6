import { createToaster, type CreateToasterReturn } from '@ark-ui/react/toast';

/**
 * SPEC §9 toasts on Ark UI's toast store: at most 4 open, the oldest closed first, bottom-right
 * (the inline end: bottom-left in right-to-left text), 6000 ms each. Ark's own `max` queues a
 * toast over the limit until one closes, which is not the rule: `show` makes room first by
 * removing the oldest. Plain logic (no React), so the rules are tested without a page.
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

/** What a toast carries in Ark's `meta`: keys, resolved by the Toaster in the language on screen. */
export interface ToastMeta {
  titleKey: string;
  descriptionKey?: string | undefined;
  values?: Record<string, string | number> | undefined;
}

export const toastDefaults = {
  max: 4,
  duration: 6000,
  placement: 'bottom-end',
  // The exit animation's time; a toast on its way out is removed at once when a new one needs its place.
  removeDelay: 200,
} as const;

const toastTypes: readonly string[] = ['info', 'success', 'warning', 'error'] satisfies ToastType[];

export interface ToastQueue {
  /** Ark's store, for `<Toaster toaster={…}>`. */
  readonly store: CreateToasterReturn<string>;
  show(options: ToastOptions): string;
  /** Closes one toast (with its exit animation). */
  dismiss(id: string): void;
  /** Stops a toast's clock (pointer over it, focus in it) so nobody loses a message mid-read. */
  pause(id: string): void;
  resume(id: string): void;
  clear(): void;
  /** The open toasts, oldest first. */
  items(): readonly ToastItem[];
}

export function createToastQueue(options: { max?: number; duration?: number } = {}): ToastQueue {
  const max = options.max ?? toastDefaults.max;
  const store = createToaster<string>({
    placement: toastDefaults.placement,
    max,
    duration: options.duration ?? toastDefaults.duration,
    removeDelay: toastDefaults.removeDelay,
    overlap: false,
    gap: 12,
    // SPEC's 6000 ms run whether or not the tab is in view (pointing at or focusing a toast pauses it).
    pauseOnPageIdle: false,
  });
  /** Toasts whose exit animation runs: no longer open, though still in Ark's store for a moment. */
  const leaving = new Set<string>();
  let counter = 0;

  /** Ark's list is newest first. */
  const inStore = () => store.getVisibleToasts().filter((toast): toast is typeof toast & { id: string } => typeof toast.id === 'string');

  const makeRoom = () => {
    for (let open = inStore(); open.length >= max; open = inStore()) {
      const victim = open.find((toast) => leaving.has(toast.id)) ?? open[open.length - 1]!;
      leaving.delete(victim.id);
      store.remove(victim.id);
    }
  };

  const items = (): readonly ToastItem[] =>
    inStore()
      .filter((toast) => !leaving.has(toast.id))
      .reverse()
      .map((toast) => {
        const meta = (toast.meta ?? {}) as Partial<ToastMeta>;
        const item: ToastItem = { id: toast.id, titleKey: meta.titleKey ?? '', type: toastTypes.includes(toast.type ?? '') ? (toast.type as ToastType) : 'info' };
        if (meta.descriptionKey !== undefined) item.descriptionKey = meta.descriptionKey;
        if (meta.values !== undefined) item.values = meta.values;
        return item;
      });

  return {
    store,
    show(toast) {
      makeRoom();
      counter += 1;
      const id = `toast-${counter}`;
      const meta: ToastMeta = { titleKey: toast.titleKey, descriptionKey: toast.descriptionKey, values: toast.values };
      store.create({
        id,
        // The keys stand in for the texts: Ark names and describes the toast by them only when it has them.
        title: toast.titleKey,
        description: toast.descriptionKey,
        type: toast.type ?? 'info',
        // An undefined duration would override the store's 6000 ms with Ark's per-type default.
        ...(toast.duration !== undefined && { duration: toast.duration }),
        meta,
        onStatusChange: ({ status }) => {
          if (status === 'dismissing') leaving.add(id);
          else if (status === 'unmounted') leaving.delete(id);
        },
      });
      return id;
    },
    dismiss: (id) => store.dismiss(id),
    pause: (id) => store.pause(id),
    resume: (id) => store.resume(id),
    clear() {
      leaving.clear();
      store.remove();
    },
    items,
  };
}
