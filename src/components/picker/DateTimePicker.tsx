import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withTime } from '../../lib/datetime/parse';
import type { DateFormatValue } from '../../lib/datetime/format';
import type { FieldMessage } from '../form/FormField';
import { DatePicker } from './DatePicker';
import { TimePicker } from './TimePicker';
import type { HourCycle, TimeValue } from './time';
import type { LimitProps } from './useCalendar';
import { sameDay } from './useCalendar';
import { RequiredMark } from '../form/RequiredMark';

export interface DateTimePickerProps extends LimitProps {
  label: string;
  value: Date | null;
  /** The day at the chosen time, once both are complete; null otherwise. */
  onValueChange: (value: Date | null) => void;
  hourCycle?: HourCycle | undefined;
  dateFormat?: DateFormatValue | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  error?: FieldMessage;
}

/** SPEC §2 date-time picker: the date picker and the time selector side by side, one value. */
export function DateTimePicker({ label, value, onValueChange, hourCycle, dateFormat, required, disabled, error, ...limits }: DateTimePickerProps) {
  const { t } = useTranslation();
  const [day, setDay] = useState<Date | null>(value);
  const [time, setTime] = useState<TimeValue | null>(value ? { hours: value.getHours(), minutes: value.getMinutes() } : null);
  const [shown, setShown] = useState<Date | null>(value);
  if (shown?.getTime() !== value?.getTime()) {
    setShown(value);
    if (value) {
      setDay(value);
      setTime({ hours: value.getHours(), minutes: value.getMinutes() });
    } else if (day && time) {
      // Cleared from outside: start again.
      setDay(null);
      setTime(null);
    }
  }

  const emit = (nextDay: Date | null, nextTime: TimeValue | null) => {
    const next = nextDay && nextTime ? withTime(nextDay, nextTime.hours, nextTime.minutes) : null;
    if (next?.getTime() !== value?.getTime()) onValueChange(next);
  };

  return (
    <fieldset className="field field-group picker picker--date-time">
      <legend className="field__label">
        {label}
        <RequiredMark required={required} />
      </legend>
      <div className="picker__date-time">
        <DatePicker
          label={t('ChooseDate')}
          value={day}
          required={required}
          disabled={disabled}
          dateFormat={dateFormat}
          error={error}
          {...limits}
          onValueChange={(next) => {
            if (sameDay(next, day)) return;
            setDay(next);
            emit(next, time);
          }}
        />
        <TimePicker
          label={t('ChooseTime')}
          value={time}
          hourCycle={hourCycle}
          required={required}
          disabled={disabled}
          onValueChange={(next) => {
            setTime(next);
            emit(day, next);
          }}
        />
      </div>
    </fieldset>
  );
}
