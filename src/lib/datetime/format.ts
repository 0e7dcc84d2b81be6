import { format as formatWithDateFns } from 'date-fns';
import type { Locale } from 'date-fns';
import { datePattern, dateTimePattern, timePattern, weekStartsOn, type DateFormatValue, type DateTimePreferences, type TimeFormatValue } from './formats';
import { toDate, type DateTimeInput } from './instant';

/**
 * The one date/time formatting module every screen uses (SPEC §3 "Date/time
 * preference"). Formats are the contract's DateFormatValue / TimeFormatValue values; the patterns
 * (formats.ts) translate their moment-style tokens (YYYY, MM, DD, hh:mm A) into date-fns tokens.
 * Dates are numeric (year, month, day), so no locale is needed for them; a date-fns locale, when
 * given, only localises the 12-hour day period (AM/PM).
 */

export * from './formats';
export * from './instant';

export interface FormatOptions {
  /** A date-fns locale (lazily loaded per language); only the 12-hour day period depends on it. */
  locale?: Locale;
}

function run(value: DateTimeInput, pattern: string, options: FormatOptions): string {
  const date = toDate(value);
  if (!date) return '';
  return formatWithDateFns(date, pattern, { weekStartsOn, ...(options.locale ? { locale: options.locale } : {}) });
}

/** The date part in the chosen format, in local time ('' for an invalid input). */
export function formatDate(value: DateTimeInput, dateFormat: DateFormatValue, options: FormatOptions = {}): string {
  return run(value, datePattern(dateFormat), options);
}

/** The time part in the chosen format, in local time; '' for DoNotDisplay or an invalid input. */
export function formatTime(value: DateTimeInput, timeFormat: TimeFormatValue, options: FormatOptions = {}): string {
  const pattern = timePattern(timeFormat);
  return pattern ? run(value, pattern, options) : '';
}

/** Date and time in the chosen formats, in local time (the date alone for DoNotDisplay). */
export function formatDateTime(value: DateTimeInput, preferences: DateTimePreferences, options: FormatOptions = {}): string {
  return run(value, dateTimePattern(preferences), options);
}
