import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LazyConfirmDialog } from '../../components/dialog/lazyDialogs';
import { memberWrites } from '../../outbox/page/outbox';
import { logoff } from '../../session/page/logoff';
import { followSignOut } from '../../session/page/followSignOut';

/**
 * The member's own sign-out. It discards their writes still waiting on this device, so with any
 * waiting it asks first: sign out and discard them, or stay (Cancel, Escape or ×).
 */
export function useSignOut(): { signOut: () => Promise<void>; confirm: ReactNode } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(0);

  async function leave() {
    followSignOut(await logoff(), navigate);
  }

  async function signOut() {
    const pending = (await memberWrites().catch(() => [])).filter((w) => w.state === 'pending').length;
    if (pending > 0) setWaiting(pending);
    else await leave();
  }

  const confirm = (
    <LazyConfirmDialog
      open={waiting > 0}
      tone="warning"
      title={t('SignOutPendingTitle')}
      message={t('SignOutPendingMessage', { count: waiting })}
      submitLabel={t('SignOutDiscard')}
      cancelLabel={t('SignOutStay')}
      onResult={(result) => {
        setWaiting(0);
        if (result === true) void leave();
      }}
    />
  );
  return { signOut, confirm };
}
