import { format as formatWithDateFns, isValid } from 'date-fns';
import type { Locale } from 'date-fns';

/**
 * The one date/time formatting module every screen uses (SPEC §3 "Date/time
 * preference"). Formats are the contract's DateFormatValue / TimeFormatValue values; the patterns
 * below translate their moment-style tokens (YYYY, MM, DD, hh:mm A) into date-fns tokens.
 * Dates are numeric (year, month, day), so no locale is needed for them; a date-fns locale, when
 * given, only localises the 12-hour day period (AM/PM).
 */

/** Contract DateFormatValue (default MM/DD/YYYY). */
export const dateFormatValues = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY/MM/DD', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
export type DateFormatValue = (typeof dateFormatValues)[number];

/** Contract TimeFormatValue: 12Hour shows hh:mm A, 24Hour HH:mm, DoNotDisplay hides the time. */
export const timeFormatValues = ['12Hour', '24Hour', 'DoNotDisplay'] as const;
export type TimeFormatValue = (typeof timeFormatValues)[number];

export interface DateTimePreferences {
  dateFormat: DateFormatValue;
  timeFormat: TimeFormatValue;
}

/** The contract's fall-back when the preferences cannot be read (MM/DD/YYYY, 12Hour). */
export const defaultDateTimePreferences: DateTimePreferences = Object.freeze({ dateFormat: 'MM/DD/YYYY', timeFormat: '12Hour' });

/** SPEC §3: the week starts on Sunday (date-fns `weekStartsOn`). */
export const weekStartsOn = 0 as const;

const datePatterns: Record<DateFormatValue, string> = {
  'MM/DD/YYYY': 'MM/dd/yyyy',
  'DD/MM/YYYY': 'dd/MM/yyyy',
  'YYYY/MM/DD': 'yyyy/MM/dd',
  'YYYY-MM-DD': 'yyyy-MM-dd',
  'DD.MM.YYYY': 'dd.MM.yyyy',
};

const timePatterns: Record<TimeFormatValue, string | null> = {
  '12Hour': 'hh:mm a',
  '24Hour': 'HH:mm',
  DoNotDisplay: null,
};

export function isDateFormatValue(value: unknown): value is DateFormatValue {
  return typeof value === 'string' && (dateFormatValues as readonly string[]).includes(value);
}

export function isTimeFormatValue(value: unknown): value is TimeFormatValue {
  return typeof value === 'string' && (timeFormatValues as readonly string[]).includes(value);
}

/** The date-fns pattern of a date format (e.g. DD.MM.YYYY → dd.MM.yyyy). */
export function datePattern(dateFormat: DateFormatValue): string {
  return datePatterns[dateFormat];
}

/** The date-fns pattern of a time format, or null for DoNotDisplay. */
export function timePattern(timeFormat: TimeFormatValue): string | null {
  return timePatterns[timeFormat];
}

/** The date-fns pattern of a whole date-time (the date alone when the time is not displayed). */
export function dateTimePattern(preferences: DateTimePreferences): string {
  const time = timePattern(preferences.timeFormat);
  return time ? `${datePattern(preferences.dateFormat)} ${time}` : datePattern(preferences.dateFormat);
}

/** Contract UtcDateTimeNoZone: UTC text without a zone suffix, e.g. 2024-06-01T02:00:00. */
const utcNoZone = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/;

/**
 * Reads UTC text without a zone suffix as the UTC instant it names (the platform sends maintenance
 * times this way; SPEC §2 shows them in local time). Anything else, or an impossible date, is null.
 */
export function parseUtcNoZone(text: string): Date | null {
  const m = utcNoZone.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  if (hour > 23 || minute > 59 || second > 59) return null;
  // setUTCFullYear takes years 0-99 literally (Date.UTC would read them as 19xx).
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  // An impossible day (2024-02-30) rolls over to the next month: such text is not a date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/**
 * What the formatters accept: a Date, epoch milliseconds, or text. Text is either the contract's
 * UtcDateTimeNoZone (read as UTC) or an ISO 8601 date-time with its own zone.
 */
export type DateTimeInput = Date | number | string;

export function toDate(value: DateTimeInput): Date | null {
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const utc = parseUtcNoZone(value);
  if (utc) return utc;
  // Only full ISO date-times carrying a zone (Z or ±hh:mm); date-only or zone-less text is ambiguous.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return null;
  const date = new Date(value);
  return isValid(date) ? date : null;
}

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

/** ISO 8601 text for a `<time dateTime>` attribute ('' for an invalid input). */
export function machineDateTime(value: DateTimeInput): string {
  return toDate(value)?.toISOString() ?? '';
}
