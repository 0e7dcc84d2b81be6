/**
 * The contract's date and time formats and their date-fns patterns, without date-fns itself: the
 * signed-in layout's first JavaScript reads and validates the member's formats; the formatting
 * (`format.ts`, date-fns) loads with what shows dates.
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

