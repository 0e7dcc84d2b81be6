import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePickerFormat } from './pickerFormat';
import { useFieldMessage, type FieldMessage } from '../form/FormField';
import { fromDisplayTime, hourCycleOf, hourOptions, minuteOptions, toDisplayTime, type DayPeriod, type HourCycle, type TimeValue } from './time';
import '../form/field.css';
import './picker.css';
import { RequiredMark } from '../form/RequiredMark';
import { ErrorText } from '../form/ErrorText';

export interface TimePickerProps {
  label: string;
  value: TimeValue | null;
  /** A time once hour and minute (and day period) are chosen; null while incomplete. */
  onValueChange: (value: TimeValue | null) => void;
  /** Defaults to the member's time format: 12Hour → 12, otherwise 24. */
  hourCycle?: HourCycle | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  error?: FieldMessage;
  name?: string | undefined;
}

interface Parts {
  hour: string;
  minute: string;
  period: DayPeriod;
}

function partsOf(value: TimeValue | null, cycle: HourCycle): Parts {
  if (!value) return { hour: '', minute: '', period: 'AM' };
  const display = toDisplayTime(value, cycle);
  return { hour: String(display.hour), minute: String(display.minute), period: display.period ?? 'AM' };
}

function timeOf(parts: Parts, cycle: HourCycle): TimeValue | null {
  if (parts.hour === '' || parts.minute === '') return null;
  return fromDisplayTime({ hour: Number(parts.hour), minute: Number(parts.minute), period: cycle === 12 ? parts.period : null }, cycle);
}

/**
 * SPEC §9 time selector: hours 00–23, or 12, 01–11 plus AM/PM; minutes 00–59; two-digit padding.
 * Native selects: every screen reader and phone knows them, and they need no popup.
 */
export function TimePicker({ label, value, onValueChange, hourCycle, required, disabled, error, name }: TimePickerProps) {
  const { t } = useTranslation();
  const preferences = usePickerFormat();
  const cycle = hourCycle ?? hourCycleOf(preferences.timeFormat);
  const id = useId();
  const errorId = `time-${id}-error`;
  const message = useFieldMessage(error);

  const [parts, setParts] = useState<Parts>(() => partsOf(value, cycle));
  const [shown, setShown] = useState({ value, cycle });
  const sameTime = (a: TimeValue | null, b: TimeValue | null) => (a && b ? a.hours === b.hours && a.minutes === b.minutes : a === b);
  if (!sameTime(shown.value, value) || shown.cycle !== cycle) {
    setShown({ value, cycle });
    if (!sameTime(timeOf(parts, shown.cycle), value) || shown.cycle !== cycle) setParts(partsOf(value, cycle));
  }

  const update = (change: Partial<Parts>) => {
    const next = { ...parts, ...change };
    setParts(next);
    const time = timeOf(next, cycle);
    if (!sameTime(time, value)) onValueChange(time);
  };

  const selectProps = {
    className: 'field__input picker__select',
    disabled,
    required,
    'aria-invalid': message ? (true as const) : undefined,
    'aria-describedby': message ? errorId : undefined,
  };
  return (
    <fieldset className="field field-group picker picker--time" data-invalid={message ? '' : undefined}>
      <legend className="field__label">
        {label}
        <RequiredMark required={required} />
      </legend>
      <div className="picker__time">
        <label className="picker__time-part">
          <span className="picker__range-label">{t('Hours')}</span>
          <select {...selectProps} name={name ? `${name}-hours` : undefined} value={parts.hour} onChange={(event) => update({ hour: event.target.value })}>
            <option value="">--</option>
            {hourOptions(cycle).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <span className="picker__time-separator" aria-hidden="true">
          :
        </span>
        <label className="picker__time-part">
          <span className="picker__range-label">{t('Minutes')}</span>
          <select {...selectProps} name={name ? `${name}-minutes` : undefined} value={parts.minute} onChange={(event) => update({ minute: event.target.value })}>
            <option value="">--</option>
            {minuteOptions().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {cycle === 12 && (
          <label className="picker__time-part">
            <span className="picker__range-label">{t('DayPeriod')}</span>
            <select {...selectProps} name={name ? `${name}-period` : undefined} value={parts.period} onChange={(event) => update({ period: event.target.value as DayPeriod })}>
              <option value="AM">{t('AM')}</option>
              <option value="PM">{t('PM')}</option>
            </select>
          </label>
        )}
      </div>
      <ErrorText id={errorId} message={message} />
    </fieldset>
  );
}
