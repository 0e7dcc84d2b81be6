import { Popover } from '@ark-ui/react/popover';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button/Button';
import { ArkDirection } from '../../components/direction/arkDirection';
import { applyUpdate } from '../../pwa/appUpdate';
import './updateIndicator.css';

/** Two arrows in a circle: "reload", drawn so it needs no icon font. */
function ReloadIcon() {
  return (
    <svg className="update-indicator__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M16 10a6 6 0 0 1-10.6 3.8M4 10a6 6 0 0 1 10.6-3.8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M15.2 2.8v3.8h-3.8M4.8 17.2v-3.8h3.8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A new version waits: a compact button with a dot (in the top bar, like the other indicators, or
 * in a corner of a page without the bar) that opens a small panel with Reload. Not a modal and not
 * a card over the page: the member finishes what they are doing first; the update otherwise waits
 * for a quiet moment (see pwa/appUpdate). Its appearance is announced once (a polite status).
 */
export default function UpdateIndicator({ where }: { where: 'bar' | 'page' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // Filled a frame after the empty status is on screen, so assistive technology hears the change.
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setAnnounced(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <ArkDirection>
      <span className={`update-indicator update-indicator--${where}`}>
        <span role="status" className="visually-hidden">
          {announced ? t('NewVersionAvailable') : ''}
        </span>
        <Popover.Root lazyMount unmountOnExit positioning={{ placement: where === 'bar' ? 'bottom-end' : 'top-start', gutter: 4 }}>
          <Popover.Trigger className="update-indicator__trigger" aria-label={t('NewVersionAvailable')}>
            <ReloadIcon />
            <span className="update-indicator__dot" aria-hidden="true" />
          </Popover.Trigger>
          <Popover.Positioner>
            {/* Named outright: Ark ties the title to the panel only once it has seen it rendered, which a lazily mounted panel is not yet. */}
            <Popover.Content className="update-indicator__panel" aria-label={t('NewVersionAvailable')}>
              <Popover.Title className="update-indicator__title">{t('NewVersionAvailable')}</Popover.Title>
              <Popover.Description className="update-indicator__help">{t('NewVersionHelp')}</Popover.Description>
              <div className="update-indicator__actions">
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
                <Popover.CloseTrigger className="button button--neutral">{t('Later')}</Popover.CloseTrigger>
              </div>
            </Popover.Content>
          </Popover.Positioner>
        </Popover.Root>
      </span>
    </ArkDirection>
  );
}
