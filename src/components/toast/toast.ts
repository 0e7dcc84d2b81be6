import { createToastQueue, type ToastItem, type ToastOptions } from './toastQueue';

export type { ToastItem, ToastOptions, ToastType } from './toastQueue';

/** The app's one toast queue; `<Toaster />` shows it. */
export const toastQueue = createToastQueue();

/**
 * The toast API for components and plain modules alike:
 * `toast.show({ titleKey: 'SalesforceCaseError', descriptionKey: 'ContactSalesCaseError', type: 'error' })`.
 */
export const toast = {
  show: (options: ToastOptions): string => toastQueue.show(options),
  success: (options: Omit<ToastOptions, 'type'>): string => toastQueue.show({ ...options, type: 'success' }),
  error: (options: Omit<ToastOptions, 'type'>): string => toastQueue.show({ ...options, type: 'error' }),
  dismiss: (id: string): void => toastQueue.dismiss(id),
  pause: (id: string): void => toastQueue.pause(id),
  resume: (id: string): void => toastQueue.resume(id),
  clear: (): void => toastQueue.clear(),
};

/** The open toasts, oldest first. */
export const openToasts = (): readonly ToastItem[] => toastQueue.items();
