import { useId, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/validation/resolver';
import { Tooltip } from '../tooltip/Tooltip';
import './field.css';
import { RequiredMark } from './RequiredMark';
import { ErrorText } from './ErrorText';

/**
 * An error to show: a react-hook-form error from `zodMiniResolver` (its message is a translation
 * key), a `{ key, values }` pair, or a bare translation key.
 */
export type FieldMessage = FieldError | { key: string; values?: Record<string, string | number> | undefined } | string | null | undefined;

export function useFieldMessage(error: FieldMessage): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  if (typeof error === 'string') return t(error);
  if ('key' in error && typeof error.key === 'string') return t(error.key, error.values ?? {});
  const message = errorMessage(error as FieldError);
  return message ? t(message.key, message.values) : null;
}

/** What a field hands its control: id, descriptions, and the invalid/required states. */
export interface FieldControlProps {
  id: string;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FormFieldProps {
  label: ReactNode;
  required?: boolean | undefined;
  hint?: ReactNode | undefined;
  error?: FieldMessage | undefined;
  /** Help text in a form-element tooltip (opens after 250 ms). */
  tooltip?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** The help button's name; the tooltip text describes it. */
function HelpButton({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip content={text} variant="form">
      <button type="button" className="field__help" aria-label={t('MoreInformation')}>
        <span aria-hidden="true">?</span>
      </button>
    </Tooltip>
  );
}

/**
 * SPEC §5 form field: the label, an asterisk when required (hidden from screen readers, which
 * announce the control's own `required`), a hint, and the error message, tied to the control with
 * aria-describedby and aria-invalid.
 */
export function FormField({ label, required, hint, error, tooltip, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const message = useFieldMessage(error);
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ');
  const control: FieldControlProps = { id: controlId };
  if (required) control.required = true;
  if (describedBy) control['aria-describedby'] = describedBy;
  if (message) control['aria-invalid'] = true;
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')} data-invalid={message ? '' : undefined}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={controlId}>
          {label}
          <RequiredMark required={required} />
        </label>
        {tooltip && <HelpButton text={tooltip} />}
      </div>
      {children(control)}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <ErrorText id={errorId} message={message} />
    </div>
  );
}
