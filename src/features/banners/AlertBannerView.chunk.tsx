import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/safeHtml/SafeHtml';
import type { AlertBanner } from '../../lib/alerts/alertSchemas';
import { bannerColor, bannerTone, textColorOn, type BannerTone } from '../../lib/alerts/bannerRules';
import { BannerIcon } from './BannerIcon';

export interface AlertBannerViewProps {
  banner: AlertBanner;
  onDismiss: (alertScheduleId: string) => void;
}

function toneLabel(t: (key: string) => string, tone: BannerTone): string {
  switch (tone) {
    case 'error':
      return t('AlertError');
    case 'warning':
      return t('AlertWarning');
    default:
      return t('AlertInfo');
  }
}

/**
 * One alert banner: a region named by its kind and message, an icon per kind (never colour
 * alone), the sanitised message, and a Dismiss button when the platform allows it. A valid
 * BannerColor replaces the kind's background, with whichever text colour contrasts more.
 */
export function AlertBannerView({ banner, onDismiss }: AlertBannerViewProps) {
  const { t } = useTranslation();
  const id = useId();
  const tone = bannerTone(banner.alertType);
  const color = bannerColor(banner);
  const style = color ? { backgroundColor: color, color: textColorOn(color), borderColor: textColorOn(color) } : undefined;
  return (
    <section className={`banner banner--${tone}`} style={style} aria-labelledby={`${id}-kind ${id}-message`} data-alert-id={banner.alertScheduleId}>
      <BannerIcon tone={tone} />
      <span id={`${id}-kind`} className="visually-hidden">
        {toneLabel(t, tone)}
      </span>
      <SafeHtml id={`${id}-message`} className="banner__message" html={banner.bannerMessage.message} />
      {banner.dismissible && (
        <button type="button" className="banner__dismiss" aria-label={t('Dismiss')} onClick={() => onDismiss(banner.alertScheduleId)}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </section>
  );
}
