import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './Modal';
import type { ConfirmDialogProps } from './ConfirmDialog';
import { useOpener } from './useOpener';

const LoadedModal = lazy(() => import('./Modal').then((m) => ({ default: m.Modal })));
const LoadedConfirmDialog = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** True from the first time `open` is: then the dialog's code loads, and it stays mounted so it closes as usual. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * `Modal` whose code (Ark's Dialog, focus trap, positioning) loads the first time it opens: the
 * layouts mount dialogs that stay closed at start-up, and a screen's first JavaScript should not
 * carry them. Same props; until the code is there nothing shows.
 */
export function LazyModal(props: ModalProps) {
  // Noted here, at once: the first time, the dialog's code arrives later, when focus may have moved.
  const opener = useOpener(props.open);
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <LoadedModal {...props} finalFocusEl={props.finalFocusEl ?? opener} />
    </Suspense>
  ) : null;
}

/** `ConfirmDialog`, loaded the first time it opens (see LazyModal). */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const opener = useOpener(props.open);
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <LoadedConfirmDialog {...props} finalFocusEl={props.finalFocusEl ?? opener} />
    </Suspense>
  ) : null;
}
