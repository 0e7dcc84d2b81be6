import { lazy, Suspense, useState } from 'react';

// The dialog (Ark UI Dialog, the forms) is its own chunk, fetched when first wanted.
const loadDialog = () => import('./PreferencesDialog.chunk');
const PreferencesDialog = lazy(loadDialog);

/** Fetches the preferences dialog's chunk ahead of a click (the avatar menu opening). */
export function preloadPreferences(): void {
  void loadDialog();
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** Where focus goes back to when the dialog closes (the avatar menu's button). */
  finalFocus: () => HTMLElement | null;
}

/** The date and time preferences dialog, opened from the avatar menu; mounted once first wanted. */
export function PreferencesDialogHost({ open, onClose, finalFocus }: Props) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PreferencesDialog open={open} onClose={onClose} finalFocus={finalFocus} />
    </Suspense>
  );
}
