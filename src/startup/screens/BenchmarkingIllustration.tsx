import { useTranslation } from 'react-i18next';

/** The benchmarking modal's image: inline (no request, works offline), described by its alt text. */
export function BenchmarkingIllustration() {
  const { t } = useTranslation();
  return (
    <svg className="startup-modal__image" role="img" aria-label={t('BenchmarkingImageAlt')} viewBox="0 0 240 120" focusable="false">
      <rect x="0" y="0" width="240" height="120" rx="10" fill="var(--color-surface)" stroke="var(--color-border)" />
      <line x1="24" y1="100" x2="216" y2="100" stroke="var(--color-border-strong)" strokeWidth="2" />
      <rect x="40" y="60" width="24" height="40" rx="3" fill="var(--color-border-strong)" />
      <rect x="72" y="36" width="24" height="64" rx="3" fill="var(--color-primary)" />
      <rect x="128" y="48" width="24" height="52" rx="3" fill="var(--color-border-strong)" />
      <rect x="160" y="24" width="24" height="76" rx="3" fill="var(--color-primary)" />
      <polyline points="52,52 84,30 140,42 172,18" fill="none" stroke="var(--color-text)" strokeWidth="2" strokeDasharray="5 4" />
    </svg>
  );
}
