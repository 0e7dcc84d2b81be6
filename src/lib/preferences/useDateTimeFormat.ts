import { useMemo } from 'react';
import { useAtomValue } from '../../state/jotai';
import { dateLocaleAtom } from '../i18n/dateLocale';
import {
  formatDate,
  formatDateTime,
  formatTime,
  type DateFormatValue,
  type DateTimeInput,
  type DateTimePreferences,
  type TimeFormatValue,
} from '../datetime/format';
import { dateTimePreferencesAtom } from './dateTimePreferences';

export interface DateTimeFormatter {
  preferences: DateTimePreferences;
  /** Date and time in the member's formats (or the given ones), in local time. */
  formatDateTime: (value: DateTimeInput, preferences?: DateTimePreferences) => string;
  formatDate: (value: DateTimeInput, dateFormat?: DateFormatValue) => string;
  formatTime: (value: DateTimeInput, timeFormat?: TimeFormatValue) => string;
}

/** The formatting module bound to the member's preferences and the language's date locale. */
export function useDateTimeFormat(): DateTimeFormatter {
  const preferences = useAtomValue(dateTimePreferencesAtom);
  const locale = useAtomValue(dateLocaleAtom);
  return useMemo(() => {
    const options = locale ? { locale } : {};
    return {
      preferences,
      formatDateTime: (value, chosen = preferences) => formatDateTime(value, chosen, options),
      formatDate: (value, dateFormat = preferences.dateFormat) => formatDate(value, dateFormat, options),
      formatTime: (value, timeFormat = preferences.timeFormat) => formatTime(value, timeFormat, options),
    };
  }, [preferences, locale]);
}
