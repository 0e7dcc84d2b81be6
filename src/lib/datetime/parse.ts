/**
 * Date parsing and validation for the pickers (SPEC §3 date pickers, §5 dates, §8 date input and
 * library messages). Plain module: no DOM, no React, so the rules are tested as tables.
 *
 * Dates are JavaScript `Date`s at local midnight (what date-fns and the formatting module use);
 * comparisons are by calendar day, so a time part never turns a valid day into a min/max error.
 */

/** SPEC §8 date input errors; each has a translation key (DateError…). */
export type DateError = 'parse' | 'min' | 'max' | 'filter' | 'startDateInvalid' | 'endDateInvalid';

export const dateErrorKeys = {
  parse: 'DateErrorParse',
  min: 'DateErrorMin',
  max: 'DateErrorMax',
  filter: 'DateErrorFilter',
  startDateInvalid: 'DateErrorStartDateInvalid',
  endDateInvalid: 'DateErrorEndDateInvalid',
} as const satisfies Record<DateError, string>;

export interface DateLimits {
  /** Earliest allowed day (default 1 January 1900). */
  min?: Date | null | undefined;
  /** Latest allowed day (default 100 years from today). */
  max?: Date | null | undefined;
  /** Returns false for a day that may not be chosen (weekends, holidays…). */
  filter?: ((date: Date) => boolean) | null | undefined;
}

/** The numeric pattern the input falls back to when the user's format is not a numeric one. */
export const fallbackInputPattern = 'MM/dd/yyyy';

// ---------------------------------------------------------------------------------------------------
// Construction, with the developer errors of SPEC §8 "library messages".

/** SPEC §3: two-digit years below 70 read as 20xx, the rest as 19xx. */
export function expandTwoDigitYear(year: number): number {
  return year < 70 ? 2000 + year : 1900 + year;
}

export function daysInMonth(year: number, monthIndex: number): number {
  const date = new Date(2000, monthIndex + 1, 0);
  date.setFullYear(year, monthIndex + 1, 0);
  return date.getDate();
}

/**
 * A local-midnight date. Bad arguments are programming errors, not user input errors, so they
 * throw (the user's text goes through `parseDateInput`, which reports `parse` instead).
 */
export function createDate(year: number, monthIndex: number, day: number): Date {
  if (!Number.isInteger(monthIndex) || monthIndex < 0 || monthIndex > 11) {
    throw new Error(`Invalid month index "${monthIndex}". Month index has to be between 0 and 11.`);
  }
  if (!Number.isInteger(day) || day < 1) {
    throw new Error(`Invalid date "${day}". Date has to be greater than 0.`);
  }
  if (!Number.isInteger(year) || day > daysInMonth(year, monthIndex)) {
    throw new Error(`Invalid date "${day}" for month with index "${monthIndex}".`);
  }
  const date = new Date(2000, 0, 1);
  // setFullYear keeps years 0–99 literal (the Date constructor would add 1900).
  date.setFullYear(year, monthIndex, day);
  return date;
}

/** The same day at `hours`:`minutes` (local time). */
export function withTime(date: Date, hours: number, minutes: number): Date {
  assertValidDate(date, 'format');
  if (!Number.isInteger(hours) || hours < 0 || hours > 23) {
    throw new Error(`Invalid hours "${hours}". Hours value must be between 0 and 23.`);
  }
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 59) {
    throw new Error(`Invalid minutes "${minutes}". Minutes value must be between 0 and 59.`);
  }
  const result = new Date(date.getTime());
  result.setHours(hours, minutes, 0, 0);
  return result;
}

export function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** Throws the library message for an invalid `Date` handed to a formatting or parsing step. */
export function assertValidDate(date: Date, action: 'format' | 'parse'): void {
  if (!isValidDate(date)) throw new Error(`Cannot ${action} an invalid date.`);
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads an ISO 8601 string given by code (min/max props, server values). A date alone is a local
 * day; a date-time follows the string's zone. Anything else is a developer error.
 */
export function fromIso(value: string): Date {
  const day = isoDate.exec(value);
  if (day) return createDate(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  if (isoDateTime.test(value)) {
    const date = new Date(value);
    assertValidDate(date, 'parse');
    return date;
  }
  throw new Error(`An ISO 8601 date string is required, got "${value}".`);
}

/** A `Date` or an ISO string (props are often written as literals) as a `Date`. */
export function toDate(value: Date | string): Date {
  if (typeof value === 'string') return fromIso(value);
  assertValidDate(value, 'parse');
  return value;
}

/** yyyy-MM-dd of a local day. */
export function toIsoDate(date: Date): string {
  assertValidDate(date, 'format');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function startOfDay(date: Date): Date {
  return createDate(date.getFullYear(), date.getMonth(), date.getDate());
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

// ---------------------------------------------------------------------------------------------------
// Defaults (SPEC §5).

export function defaultMinDate(): Date {
  return createDate(1900, 0, 1);
}

/** 100 years from today; 29 February becomes 28 February when the target year has no leap day. */
export function defaultMaxDate(today: Date = new Date()): Date {
  const year = today.getFullYear() + 100;
  return createDate(year, today.getMonth(), Math.min(today.getDate(), daysInMonth(year, today.getMonth())));
}

// ---------------------------------------------------------------------------------------------------
// The text a user types.

type Part = 'y' | 'M' | 'd';

/**
 * The order of year, month and day in a numeric pattern such as MM/dd/yyyy, dd.MM.yyyy or
 * yyyy-MM-dd; a pattern with names or other fields (MMM, EEE, HH…) falls back to MM/dd/yyyy.
 */
export function patternOrder(pattern: string): Part[] {
  return numericOrder(pattern) ?? (numericOrder(fallbackInputPattern) as Part[]);
}

function numericOrder(pattern: string): Part[] | null {
  const order: Part[] = [];
  for (const token of pattern.match(/[A-Za-z]+/g) ?? []) {
    if (/^(yy|yyyy)$/.test(token)) order.push('y');
    else if (/^(M|MM)$/.test(token)) order.push('M');
    else if (/^(d|dd)$/.test(token)) order.push('d');
    else return null;
  }
  return order.length === 3 && new Set(order).size === 3 ? order : null;
}

/** The pattern the input uses: the user's when it is numeric, else MM/dd/yyyy. */
export function inputPattern(pattern: string | null | undefined): string {
  return pattern && numericOrder(pattern) ? pattern : fallbackInputPattern;
}

/** Formats a day for the input, in a numeric pattern (yyyy, yy, MM, M, dd, d). */
export function formatDateInput(date: Date, pattern: string = fallbackInputPattern): string {
  assertValidDate(date, 'format');
  return inputPattern(pattern).replace(/yyyy|yy|MM|M|dd|d/g, (token) => {
    switch (token) {
      case 'yyyy':
        return String(date.getFullYear()).padStart(4, '0');
      case 'yy':
        return pad(date.getFullYear() % 100);
      case 'MM':
        return pad(date.getMonth() + 1);
      case 'M':
        return String(date.getMonth() + 1);
      case 'dd':
        return pad(date.getDate());
      default:
        return String(date.getDate());
    }
  });
}

export type ParseResult = { date: Date; error: null } | { date: null; error: 'parse' | null };

/**
 * Parses what the user typed: the numeric pattern of their date format (any separators), or an ISO
 * yyyy-MM-dd date. Empty text is "no value" (no error: `required` is the form's business).
 */
export function parseDateInput(text: string, pattern: string = fallbackInputPattern): ParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return { date: null, error: null };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const parts = iso ? iso.slice(1) : trimmed.split(/[^0-9]+/);
  const order: Part[] = iso ? ['y', 'M', 'd'] : patternOrder(pattern);
  if (parts.length !== 3 || parts.some((part) => !/^\d+$/.test(part))) return { date: null, error: 'parse' };
  const field = (name: Part) => parts[order.indexOf(name)] ?? '';
  const yearText = field('y');
  let year: number;
  if (yearText.length === 4) year = Number(yearText);
  else if (yearText.length <= 2) year = expandTwoDigitYear(Number(yearText));
  else return { date: null, error: 'parse' };
  const month = Number(field('M'));
  const day = Number(field('d'));
  if (field('M').length > 2 || field('d').length > 2) return { date: null, error: 'parse' };
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1)) return { date: null, error: 'parse' };
  return { date: createDate(year, month - 1, day), error: null };
}

// ---------------------------------------------------------------------------------------------------
// Validation (SPEC §5).

function dayNumber(date: Date): number {
  return date.getFullYear() * 10_000 + date.getMonth() * 100 + date.getDate();
}

export function compareDays(a: Date, b: Date): number {
  return Math.sign(dayNumber(a) - dayNumber(b));
}

/** The limits with the spec's defaults filled in. */
export function resolveLimits(limits: DateLimits = {}, today: Date = new Date()): { min: Date; max: Date; filter: ((date: Date) => boolean) | null } {
  return { min: limits.min ?? defaultMinDate(), max: limits.max ?? defaultMaxDate(today), filter: limits.filter ?? null };
}

/** min, then max, then filter: the first rule a valid day breaks, or null. */
export function validateDate(date: Date, limits: DateLimits = {}, today: Date = new Date()): 'min' | 'max' | 'filter' | null {
  assertValidDate(date, 'parse');
  const { min, max, filter } = resolveLimits(limits, today);
  if (compareDays(date, min) < 0) return 'min';
  if (compareDays(date, max) > 0) return 'max';
  if (filter && !filter(date)) return 'filter';
  return null;
}

export interface DateInputState {
  /** The chosen day, or null when the text is empty or wrong. */
  value: Date | null;
  error: DateError | null;
}

/** Text → value and the first error (parse, min, max, filter). */
export function validateDateInput(text: string, pattern?: string, limits?: DateLimits, today?: Date): DateInputState {
  const parsed = parseDateInput(text, pattern);
  if (!parsed.date) return { value: null, error: parsed.error };
  const error = validateDate(parsed.date, limits, today);
  return { value: error ? null : parsed.date, error };
}

export interface RangeState {
  start: DateError | null;
  end: DateError | null;
}

/**
 * A range: each end on its own (min, max, filter), then their order. A start after the end marks
 * the start startDateInvalid and the end endDateInvalid (SPEC §5), so both fields explain it.
 */
export function validateRange(start: Date | null, end: Date | null, limits?: DateLimits, today?: Date): RangeState {
  const result: RangeState = {
    start: start ? validateDate(start, limits, today) : null,
    end: end ? validateDate(end, limits, today) : null,
  };
  if (start && end && !result.start && !result.end && compareDays(start, end) > 0) {
    result.start = 'startDateInvalid';
    result.end = 'endDateInvalid';
  }
  return result;
}
