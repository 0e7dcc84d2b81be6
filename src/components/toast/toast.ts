import { appStore, atom } from '../../state/jotai';
import { createToastQueue, type ToastItem, type ToastOptions } from './toastQueue';

export type { ToastItem, ToastOptions, ToastType } from './toastQueue';

/** The open toasts, newest last; `<Toaster />` renders them. */
export const toastsAtom = atom<readonly ToastItem[]>([]);

const queue = createToastQueue({ onChange: (items) => appStore.set(toastsAtom, items) });

/**
 * The toast API for components and plain modules alike:
 * `toast.show({ titleKey: 'SalesforceCaseError', descriptionKey: 'ContactSalesCaseError', type: 'error' })`.
 */
export const toast = {
  show: (options: ToastOptions): string => queue.show(options),
  success: (options: Omit<ToastOptions, 'type'>): string => queue.show({ ...options, type: 'success' }),
  error: (options: Omit<ToastOptions, 'type'>): string => queue.show({ ...options, type: 'error' }),
  dismiss: (id: string): void => queue.dismiss(id),
  pause: (id: string): void => queue.pause(id),
  resume: (id: string): void => queue.resume(id),
  clear: (): void => queue.clear(),
};
