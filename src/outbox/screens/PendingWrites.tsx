import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberWritesAtom } from '../page/outboxState';
import { useAtomValue } from '../../state/jotai';

// The list (the kit's dialog, date formatting) loads the first time it is opened.
const PendingWritesDialog = lazy(() => import('./PendingWritesDialog.chunk'));

/**
 * The top bar's count of writes still waiting to be sent, and the list behind it:
 * what each one is, since when it waits, and why a refused one was not sent (it can be dismissed).
 * Shown only while there is something to show.
 */
export function PendingWrites() {
  const { t } = useTranslation();
  const writes = useAtomValue(memberWritesAtom);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (writes.length === 0 && !open) return null;
  const failed = writes.filter((w) => w.state === 'failed').length;
  const waiting = writes.length - failed;
  return (
    <>
      <button
        type="button"
        className="chrome__trigger pending-writes"
        data-failed={failed > 0 || undefined}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <span aria-hidden="true">{failed > 0 ? '⚠' : '⇅'}</span>
        <span className="chrome__caption">{waiting > 0 ? t('PendingWrites', { count: waiting }) : t('WritesFailed', { count: failed })}</span>
        <span className="pending-writes__count" aria-hidden="true">
          {waiting > 0 ? waiting : failed}
        </span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <PendingWritesDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
