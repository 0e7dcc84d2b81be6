import { Children, isValidElement, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DatePicker as ArkDatePicker } from '@ark-ui/react/date-picker';
import { useTranslation } from 'react-i18next';
import type { DateFormatValue } from '../../lib/datetime/format';
import { formatDateInput, validateDateInput, validateRange, type DateError } from '../../lib/datetime/parse';
import { ArkDirection } from '../direction/arkDirection';
import { useFieldMessage, type FieldMessage } from '../form/FormField';
import { CalendarIcon, CalendarPopup, rangeSeparator } from './CalendarPopup';
import { handlePickerKeys, useDateErrorMessage, useInputPattern } from './DatePicker';
import { checkRangeInputs, type RangeInputRole } from './rangeInputs';
import { sameDay, useCalendar, useLimits, type LimitProps } from './useCalendar';
import '../form/field.css';
import './picker.css';
import { RequiredMark } from '../form/RequiredMark';

export interface DateRange {
  start: Date | null;
  end: Date | null;
}

export interface RangeEndProps {
  /** Visible label of this end (default StartDate / EndDate). */
  label?: string;
  name?: string;
}

/** Marks the start input of a DateRangeInput (rendered by the range input itself). */
function Start(_props: RangeEndProps): ReactNode {
  throw new Error('DateRangeInput.Start can only be used inside a DateRangeInput.');
}

/** Marks the end input of a DateRangeInput. */
function End(_props: RangeEndProps): ReactNode {
  throw new Error('DateRangeInput.End can only be used inside a DateRangeInput.');
}

export interface DateRangeInputProps extends LimitProps {
  label: string;
  value: DateRange;
  onValueChange: (value: DateRange) => void;
  onErrorChange?: ((errors: { start: DateError | null; end: DateError | null }) => void) | undefined;
  error?: FieldMessage;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  dateFormat?: DateFormatValue | undefined;
  /** Exactly one <DateRangeInput.Start /> and one <DateRangeInput.End /> (SPEC §8 misuse otherwise). */
  children: ReactNode;
}

type Side = 'start' | 'end';

/**
 * SPEC §2/§5/§9 date-range input: start and end inputs separated by an en dash, one calendar
 * choosing both. Each end has parse/min/max/filter; a start after the end marks the start
 * start-date-invalid and the end end-date-invalid. Backspace in an empty end input moves focus to
 * the start input.
 */
function DateRangeInputRoot(props: DateRangeInputProps) {
  const ends = Children.toArray(props.children).filter(isValidElement);
  checkRangeInputs(ends.flatMap<RangeInputRole>((child) => (child.type === Start ? ['start'] : child.type === End ? ['end'] : [])));
  return (
    <ArkDirection>
      <DateRangeField {...props} />
    </ArkDirection>
  );
}

function DateRangeField({ label, value, onValueChange, onErrorChange, error, required, disabled, dateFormat, children, ...limitProps }: DateRangeInputProps) {
  const ends = Children.toArray(children).filter(isValidElement);
  const endProps = (role: Side) => (ends.find((child) => child.type === (role === 'start' ? Start : End))?.props ?? {}) as RangeEndProps;

  const { t } = useTranslation();
  const generated = useId();
  const ids = { start: `range-${generated}-start`, end: `range-${generated}-end` };
  const errorIds = { start: `${ids.start}-error`, end: `${ids.end}-error` };
  const hintId = `range-${generated}-hint`;
  const inputs = { start: useRef<HTMLInputElement>(null), end: useRef<HTMLInputElement>(null) };
  const pattern = useInputPattern(dateFormat);
  const limits = useLimits(limitProps);
  const format = (date: Date | null) => (date ? formatDateInput(date, pattern) : '');

  const [texts, setTexts] = useState(() => ({ start: format(value.start), end: format(value.end) }));
  const [touched, setTouched] = useState({ start: false, end: false });
  const [shown, setShown] = useState<DateRange>(value);
  if (!sameDay(shown.start, value.start) || !sameDay(shown.end, value.end)) {
    setShown(value);
    const typed = { start: validateDateInput(texts.start, pattern, limits).value, end: validateDateInput(texts.end, pattern, limits).value };
    setTexts({
      start: sameDay(typed.start, value.start) ? texts.start : format(value.start),
      end: sameDay(typed.end, value.end) ? texts.end : format(value.end),
    });
  }

  const parsed = { start: validateDateInput(texts.start, pattern, limits), end: validateDateInput(texts.end, pattern, limits) };
  const order = validateRange(parsed.start.value, parsed.end.value, limits);
  const errors = { start: parsed.start.error ?? order.start, end: parsed.end.error ?? order.end };
  const startMessage = useDateErrorMessage(touched.start ? errors.start : null, limits, pattern);
  const endMessage = useDateErrorMessage(touched.end ? errors.end : null, limits, pattern);
  const formMessage = useFieldMessage(error);
  const messages = { start: startMessage, end: endMessage ?? (startMessage ? null : formMessage) };

  const reported = useRef(`${errors.start}|${errors.end}`);
  useEffect(() => {
    const key = `${errors.start}|${errors.end}`;
    if (reported.current === key) return;
    reported.current = key;
    onErrorChange?.({ start: errors.start, end: errors.end });
  }, [errors.start, errors.end, onErrorChange]);

  const { api, dir, minYear, maxYear } = useCalendar({
    selectionMode: 'range',
    value: value.start ? (value.end ? [value.start, value.end] : [value.start]) : [],
    limits,
    disabled,
    onSelect: ([start = null, end = null]) => {
      setTexts({ start: format(start), end: format(end) });
      setTouched({ start: true, end: end !== null });
      onValueChange({ start, end });
    },
  });

  const change = (role: Side, text: string) => {
    const next = { ...texts, [role]: text };
    setTexts(next);
    const nextValue = { start: validateDateInput(next.start, pattern, limits).value, end: validateDateInput(next.end, pattern, limits).value };
    if (!sameDay(nextValue.start, value.start) || !sameDay(nextValue.end, value.end)) onValueChange(nextValue);
  };

  const renderInput = (role: Side) => {
    const own = endProps(role);
    const described = [hintId, messages[role] ? errorIds[role] : null].filter(Boolean).join(' ');
    return (
      <div className="picker__range-end">
        <label className="picker__range-label" htmlFor={ids[role]}>
          {own.label ?? (role === 'start' ? t('StartDate') : t('EndDate'))}
        </label>
        <input
          ref={inputs[role]}
          id={ids[role]}
          name={own.name}
          className="field__input picker__input"
          value={texts[role]}
          disabled={disabled}
          required={required}
          autoComplete="off"
          aria-describedby={described}
          aria-invalid={messages[role] ? true : undefined}
          onChange={(event) => change(role, event.target.value)}
          onKeyDown={(event) => {
            if (handlePickerKeys(event, api)) return;
            if (role === 'end' && event.key === 'Backspace' && event.currentTarget.value === '') {
              // SPEC §2: Backspace in an empty end date goes back to the start date.
              event.preventDefault();
              const start = inputs.start.current;
              start?.focus();
              start?.setSelectionRange(start.value.length, start.value.length);
            }
          }}
          onBlur={() => {
            setTouched((was) => ({ ...was, [role]: true }));
            const day = parsed[role].value;
            if (day) setTexts((was) => ({ ...was, [role]: formatDateInput(day, pattern) }));
          }}
        />
      </div>
    );
  };

  return (
    <fieldset className="field picker picker--range field-group" data-invalid={messages.start || messages.end ? '' : undefined}>
      <legend className="field__label">
        {label}
        <RequiredMark required={required} />
      </legend>
      <ArkDatePicker.RootProvider value={api} className="picker__root" lazyMount unmountOnExit>
        <ArkDatePicker.Control className="picker__control picker__control--range">
          {renderInput('start')}
          <span className="picker__separator" aria-hidden="true">
            {rangeSeparator}
          </span>
          {renderInput('end')}
          <ArkDatePicker.Trigger className="picker__trigger" aria-label={t('OpenCalendar')}>
            <CalendarIcon />
          </ArkDatePicker.Trigger>
        </ArkDatePicker.Control>
        <CalendarPopup api={api} dir={dir} minYear={minYear} maxYear={maxYear} returnFocus={() => inputs.start.current?.focus()} />
      </ArkDatePicker.RootProvider>
      <p id={hintId} className="field__hint">
        {pattern.toUpperCase()}
      </p>
      {(['start', 'end'] as const).map(
        (role) =>
          messages[role] && (
            <p key={role} id={errorIds[role]} className="field__error">
              {messages[role]}
            </p>
          ),
      )}
    </fieldset>
  );
}

export const DateRangeInput = Object.assign(DateRangeInputRoot, { Start, End });
