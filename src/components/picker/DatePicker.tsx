import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { DatePicker as ArkDatePicker } from '@ark-ui/react/date-picker';
import { useTranslation } from 'react-i18next';
import { usePickerFormat } from './pickerFormat';
import { datePattern, type DateFormatValue } from '../../lib/datetime/format';
import { dateErrorKeys, formatDateInput, inputPattern, validateDateInput, type DateError } from '../../lib/datetime/parse';
import { ArkDirection } from '../direction/arkDirection';
import { useFieldMessage, type FieldMessage } from '../form/FormField';
import { CalendarIcon, CalendarPopup } from './CalendarPopup';
import { sameDay, useCalendar, useLimits, type LimitProps } from './useCalendar';
import '../form/field.css';
import './picker.css';
import { RequiredMark } from '../form/RequiredMark';
import { ErrorText } from '../form/ErrorText';

/** The input pattern of a date format: the member's (date-fns tokens), else MM/dd/yyyy. */
export function useInputPattern(dateFormat?: DateFormatValue): string {
  const preferences = usePickerFormat();
  return inputPattern(datePattern(dateFormat ?? preferences.dateFormat));
}

/** The translated message of a picker error (min and max shown in the input's own format). */
export function useDateErrorMessage(error: DateError | null, limits: { min: Date; max: Date }, pattern: string): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  return t(dateErrorKeys[error], { min: formatDateInput(limits.min, pattern), max: formatDateInput(limits.max, pattern) });
}

/**
 * The keyboard rules of SPEC §2 on a picker's input: Alt+Down opens, Alt+Up closes (an outside
 * click is Ark's). Escape is Ark's too once the calendar has had its first frame; before that (a
 * key pressed at once on a busy machine) Ark is not listening yet, so the input closes it itself.
 * Returns true when it handled the key.
 */
export function handlePickerKeys(event: KeyboardEvent<HTMLInputElement>, api: { open: boolean; setOpen: (open: boolean) => void }): boolean {
  const closing = api.open && (event.key === 'Escape' || (event.altKey && event.key === 'ArrowUp'));
  if (closing) {
    event.preventDefault();
    api.setOpen(false);
    // Ark's opening may still move focus to the calendar on its first frame: it comes back here.
    const input = event.currentTarget;
    requestAnimationFrame(() => input.focus());
    return true;
  }
  if (!event.altKey || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return false;
  event.preventDefault();
  api.setOpen(event.key === 'ArrowDown');
  return true;
}

export interface DatePickerProps extends LimitProps {
  label: string;
  value: Date | null;
  /** The day typed or picked; null while the text is empty or wrong. */
  onValueChange: (value: Date | null) => void;
  /** Told whenever the picker's own error (parse, min, max, filter) changes. */
  onErrorChange?: ((error: DateError | null) => void) | undefined;
  /** An error from the form (required…), shown when the picker has none of its own. */
  error?: FieldMessage;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  name?: string | undefined;
  id?: string | undefined;
  /** Defaults to the member's date format (preferences). */
  dateFormat?: DateFormatValue | undefined;
  onBlur?: (() => void) | undefined;
}

/**
 * SPEC §2/§5 date picker: a text input in the member's date format (two-digit years below 70
 * read as 20xx), a calendar button (OpenCalendar) and the popup calendar. Errors parse, min, max
 * and filter show once the field is left or a day is picked.
 */
export function DatePicker(props: DatePickerProps) {
  return (
    <ArkDirection>
      <DatePickerField {...props} />
    </ArkDirection>
  );
}

function DatePickerField({ label, value, onValueChange, onErrorChange, error, required, disabled, name, id, dateFormat, onBlur, ...limitProps }: DatePickerProps) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? `date-${generated}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const pattern = useInputPattern(dateFormat);
  const limits = useLimits(limitProps);

  const [text, setText] = useState(() => (value ? formatDateInput(value, pattern) : ''));
  const [touched, setTouched] = useState(false);
  // A value set from outside replaces the text; our own echo (the day the text already says) does not.
  const [shown, setShown] = useState<Date | null>(value);
  if (!sameDay(shown, value)) {
    setShown(value);
    if (!sameDay(validateDateInput(text, pattern, limits).value, value)) setText(value ? formatDateInput(value, pattern) : '');
  }

  const state = validateDateInput(text, pattern, limits);
  const ownMessage = useDateErrorMessage(touched ? state.error : null, limits, pattern);
  const formMessage = useFieldMessage(error);
  const message = ownMessage ?? formMessage;

  const reported = useRef<DateError | null>(null);
  useEffect(() => {
    if (reported.current === state.error) return;
    reported.current = state.error;
    onErrorChange?.(state.error);
  }, [state.error, onErrorChange]);

  const { api, dir, minYear, maxYear } = useCalendar({
    selectionMode: 'single',
    value: value ? [value] : [],
    limits,
    disabled,
    onSelect: ([picked]) => {
      setTouched(true);
      setText(picked ? formatDateInput(picked, pattern) : '');
      onValueChange(picked ?? null);
    },
  });

  const change = (next: string) => {
    setText(next);
    const nextValue = validateDateInput(next, pattern, limits).value;
    if (!sameDay(nextValue, value)) onValueChange(nextValue);
  };

  return (
    <div className="field picker" data-invalid={message ? '' : undefined}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        <RequiredMark required={required} />
      </label>
      <ArkDatePicker.RootProvider value={api} className="picker__root" lazyMount unmountOnExit>
        <ArkDatePicker.Control className="picker__control">
          <input
            ref={input}
            id={inputId}
            name={name}
            className="field__input picker__input"
            value={text}
            disabled={disabled}
            required={required}
            autoComplete="off"
            aria-describedby={message ? `${hintId} ${errorId}` : hintId}
            aria-invalid={message ? true : undefined}
            onChange={(event) => change(event.target.value)}
            onKeyDown={(event) => {
              if (handlePickerKeys(event, api)) return;
              if (event.key === 'Enter') setTouched(true);
            }}
            onBlur={() => {
              setTouched(true);
              if (state.value) setText(formatDateInput(state.value, pattern));
              onBlur?.();
            }}
          />
          <ArkDatePicker.Trigger className="picker__trigger" aria-label={t('OpenCalendar')}>
            <CalendarIcon />
          </ArkDatePicker.Trigger>
        </ArkDatePicker.Control>
        <CalendarPopup api={api} dir={dir} minYear={minYear} maxYear={maxYear} returnFocus={() => input.current?.focus()} />
      </ArkDatePicker.RootProvider>
      <p id={hintId} className="field__hint">
        {pattern.toUpperCase()}
      </p>
      <ErrorText id={errorId} message={message} />
    </div>
  );
}
