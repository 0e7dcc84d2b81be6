/**
 * Instants the platform sends (UTC text, ISO date-times) read as Dates, without date-fns: what
 * validates answers and writes machine-readable times needs no formatting library.
 */

const valid = (date: Date) => !Number.isNaN(date.getTime());

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
  if (value instanceof Date) return valid(value) ? value : null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const utc = parseUtcNoZone(value);
  if (utc) return utc;
  // Only full ISO date-times carrying a zone (Z or ±hh:mm); date-only or zone-less text is ambiguous.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return null;
  const date = new Date(value);
  return valid(date) ? date : null;
}

/** ISO 8601 text for a `<time dateTime>` attribute ('' for an invalid input). */
export function machineDateTime(value: DateTimeInput): string {
  return toDate(value)?.toISOString() ?? '';
}
