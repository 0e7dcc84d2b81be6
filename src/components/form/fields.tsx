import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FormField, useFieldMessage, type FieldMessage } from './FormField';
import './field.css';
import { RequiredMark } from './RequiredMark';
import { ErrorText } from './ErrorText';

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldMessage;
  tooltip?: string;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>, FieldChrome {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; spread react-hook-form's `register('name')` into it. */
export function TextField({ label, hint, error, tooltip, required, id, className, ref, ...input }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} tooltip={tooltip} required={required} id={id} className={className}>
      {(control) => <input {...input} {...control} ref={ref} className="field__input" />}
    </FormField>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>, FieldChrome {
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, hint, error, tooltip, required, id, className, options, ref, ...select }: SelectFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} tooltip={tooltip} required={required} id={id} className={className}>
      {(control) => (
        <select {...select} {...control} ref={ref} className="field__input field__select">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: ReactNode;
  error?: FieldMessage;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label after it (required-true consent boxes). */
export function CheckboxField({ label, error, required, id, className, ref, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const errorId = `${controlId}-error`;
  const message = useFieldMessage(error);
  return (
    <div className={['field field--checkbox', className ?? ''].filter(Boolean).join(' ')} data-invalid={message ? '' : undefined}>
      <div className="field__checkbox-row">
        <input
          {...input}
          ref={ref}
          id={controlId}
          type="checkbox"
          className="field__checkbox"
          required={required}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
        />
        <label className="field__label" htmlFor={controlId}>
          {label}
          <RequiredMark required={required} />
        </label>
      </div>
      <ErrorText id={errorId} message={message} />
    </div>
  );
}
