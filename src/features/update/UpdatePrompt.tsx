import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button/Button';
import { applyUpdate, updateWaitingAtom } from '../../pwa/appUpdate';
import { useAtomValue } from '../../state/jotai';
import './updatePrompt.css';

/**
 * "A new version is available" with Reload, in every tab while a new service
 * worker waits. Not a modal: the member finishes what they are doing first. Later hides it in this
 * tab; the update then waits for a quiet moment (see pwa/appUpdate).
 */
export default function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useAtomValue(updateWaitingAtom);
  const [later, setLater] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!waiting || later) return null;
  return (
    <section className="update-prompt" aria-labelledby="update-prompt-title">
      <div role="status">
        <p id="update-prompt-title" className="update-prompt__title">
          {t('NewVersionAvailable')}
        </p>
        <p className="update-prompt__help">{t('NewVersionHelp')}</p>
      </div>
      <div className="update-prompt__actions">
        <Button
          color="primary"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void applyUpdate();
          }}
        >
          {t('Reload')}
        </Button>
        <Button color="neutral" onClick={() => setLater(true)}>
          {t('Later')}
        </Button>
      </div>
    </section>
  );
}
