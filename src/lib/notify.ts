/**
 * How plain modules tell the member something (a write sent, a switch refused) without reaching
 * up into the UI kit: the signed-in layout registers its toaster here, and a notice sent
 * outside it (or in a test without a UI) goes nowhere.
 */
export type NoticeType = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  type: NoticeType;
  /** Translation keys, resolved by the UI in the language on screen. */
  titleKey: string;
  descriptionKey?: string;
  values?: Record<string, string | number>;
}

type Notifier = (notice: Notice) => void;

let notifier: Notifier | null = null;

/** The UI's toaster; returns the function that unregisters it. */
export function registerNotifier(next: Notifier): () => void {
  notifier = next;
  return () => {
    if (notifier === next) notifier = null;
  };
}

export function notify(notice: Notice): void {
  notifier?.(notice);
}
