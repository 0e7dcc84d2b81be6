import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/dialog/Modal';
import { failureReasons, type QueuedWrite } from '../../../core/outbox/outboxRules';
import { machineDateTime } from '../../../lib/datetime/format';
import { dismissWrite } from '../../../lib/outbox/outbox';
import { memberWritesAtom } from '../../../lib/outbox/outboxState';
import { useDateTimeFormat } from '../../../lib/preferences/useDateTimeFormat';
import { useAtomValue } from '../../../state/jotai';

/** Why a write was not sent, in the member's words. */
function failureText(write: QueuedWrite, t: (key: string, values?: Record<string, unknown>) => string): string {
  const status = write.failure?.status ?? null;
  if (write.failure?.message === failureReasons.expired) return t('WriteExpired');
  if (write.failure?.message === failureReasons.keepsFailing) return t('WriteKeepsFailing', { status: status ?? '' });
  return t('WriteFailed', { status: status ?? '', message: write.failure?.message ?? '' }).trim();
}

/**
 * The top bar's count of writes still waiting to be sent, and the list behind it:
 * what each one is, since when it waits, and why a refused one was not sent (it can be dismissed).
 * Shown only while there is something to show.
 */
export function PendingWrites() {
  const { t } = useTranslation();
  const writes = useAtomValue(memberWritesAtom);
  const { formatDateTime } = useDateTimeFormat();
  const [open, setOpen] = useState(false);
  if (writes.length === 0 && !open) return null;
  const failed = writes.filter((w) => w.state === 'failed').length;
  const waiting = writes.length - failed;
  return (
    <>
      <button type="button" className="chrome__trigger pending-writes" data-failed={failed > 0 || undefined} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span aria-hidden="true">{failed > 0 ? '⚠' : '⇅'}</span>
        <span className="chrome__caption">{waiting > 0 ? t('PendingWrites', { count: waiting }) : t('WritesFailed', { count: failed })}</span>
        <span className="pending-writes__count" aria-hidden="true">
          {waiting > 0 ? waiting : failed}
        </span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('PendingWritesTitle')} description={t('PendingWritesHelp')} size="x-small">
        {writes.length === 0 ? (
          <p>{t('WritesSent', { count: 0 })}</p>
        ) : (
          <ul className="pending-writes__list">
            {writes.map((write) => (
              <li key={write.id} className="pending-writes__item" data-state={write.state}>
                <strong>{t(write.label)}</strong>
                <time className="chrome__muted" dateTime={machineDateTime(new Date(write.createdAt))}>
                  {formatDateTime(new Date(write.createdAt))}
                </time>
                {write.state === 'failed' ? (
                  <>
                    <span className="pending-writes__failure">{failureText(write, t)}</span>
                    <button type="button" className="button button--secondary" onClick={() => void dismissWrite(write)}>
                      {t('Dismiss')}
                    </button>
                  </>
                ) : (
                  <span className="chrome__muted">{t('WriteWaiting')}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
