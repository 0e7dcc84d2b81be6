import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/dialog/Modal';
import { failureReasons, type QueuedWrite } from '../core/outboxRules';
import { machineDateTime } from '../../lib/datetime/format';
import { dismissWrite } from '../page/outbox';
import { memberWritesAtom } from '../page/outboxState';
import { useDateTimeFormat } from '../../lib/preferences/useDateTimeFormat';
import { useAtomValue } from '../../state/jotai';

/** Why a write was not sent, in the member's words. */
function failureText(write: QueuedWrite, t: (key: string, values?: Record<string, unknown>) => string): string {
  const status = write.failure?.status ?? null;
  if (write.failure?.message === failureReasons.expired) return t('WriteExpired');
  if (write.failure?.message === failureReasons.keepsFailing) return t('WriteKeepsFailing', { status: status ?? '' });
  return t('WriteFailed', { status: status ?? '', message: write.failure?.message ?? '' }).trim();
}

/**
 * The list behind the top bar's count of waiting writes: what each one is, since when it waits,
 * and why a refused one was not sent (it can be dismissed). Loaded when first opened.
 */
export function PendingWritesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const writes = useAtomValue(memberWritesAtom);
  const { formatDateTime } = useDateTimeFormat();
  return (
  <Modal open={open} onClose={onClose} title={t('PendingWritesTitle')} description={t('PendingWritesHelp')} size="x-small">
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
  );
}

export default PendingWritesDialog;
