import type { ButtonHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import './button.css';

/** SPEC §2/§9 button colours. */
export const buttonColors = ['primary', 'secondary', 'tertiary', 'danger', 'neutral'] as const;
export type ButtonColor = (typeof buttonColors)[number];

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  color?: ButtonColor;
  /** Shows a spinner and disables the button (SPEC §2: a loading state also disables it). */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The kit button on the global `.button` classes (min height 3.2rem, min width 8rem). It defaults
 * to type="button" so a button inside a form submits only when asked to.
 */
export function Button({ color = 'primary', loading = false, disabled, className, children, type = 'button', ref, ...rest }: ButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={['button', `button--${color}`, loading ? 'button--loading' : '', className ?? ''].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && (
        <>
          <span className="button__spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('Loading')}</span>
        </>
      )}
      {children}
    </button>
  );
}
