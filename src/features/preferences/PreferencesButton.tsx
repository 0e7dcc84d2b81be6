import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog (Ark UI Dialog, the forms) is its own chunk, fetched when first wanted.
const loadDialog = () => import('./PreferencesDialog');
const PreferencesDialog = lazy(loadDialog);

/** The header's Preferences button and the date and time preferences dialog it opens. */
export function PreferencesButton() {
  const { t } = useTranslation();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button button--secondary"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {t('Preferences')}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <PreferencesDialog open={open} onClose={() => setOpen(false)} finalFocus={() => opener.current} />
        </Suspense>
      )}
    </>
  );
}
