import type { BannerTone } from '../../lib/alerts/bannerRules';

/** A distinct shape per kind (circle ×, triangle !, circle i), so the kind never rests on colour. */
export function BannerIcon({ tone }: { tone: BannerTone | 'sandbox' }) {
  return (
    <svg className="banner__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false" data-icon={tone}>
      {tone === 'error' && (
        <>
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M7 7l6 6M13 7l-6 6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </>
      )}
      {tone === 'warning' && (
        <>
          <path d="M10 2.2L18.4 17H1.6z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="M10 7.5v4.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="10" cy="14.4" r="1.1" fill="currentColor" />
        </>
      )}
      {tone === 'info' && (
        <>
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M10 9v5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="10" cy="6.2" r="1.1" fill="currentColor" />
        </>
      )}
      {tone === 'sandbox' && (
        <>
          <path d="M3 15h14M5 15l2-6h6l2 6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="M8 9V5h4v4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </>
      )}
    </svg>
  );
}
