import { afterAll, describe, expect, it, vi } from 'vitest';
import { ar } from 'date-fns/locale/ar';
import {
  dateFormatValues,
  datePattern,
  dateTimePattern,
  defaultDateTimePreferences,
  formatDate,
  formatDateTime,
  formatTime,
  isDateFormatValue,
  isTimeFormatValue,
  machineDateTime,
  parseUtcNoZone,
  timeFormatValues,
  toDate,
  type DateFormatValue,
  type TimeFormatValue,
} from './format';

// Local-time constructors: the formatting tables hold in every time zone.
const afternoon = new Date(2026, 2, 5, 14, 7, 9); // 5 March 2026, 14:07:09
const morning = new Date(1999, 11, 31, 0, 5); // 31 December 1999, 00:05

describe('date formats (contract DateFormatValue: numeric year, month and day)', () => {
  it.each<[DateFormatValue, string, string]>([
    ['MM/DD/YYYY', '03/05/2026', '12/31/1999'],
    ['DD/MM/YYYY', '05/03/2026', '31/12/1999'],
    ['YYYY/MM/DD', '2026/03/05', '1999/12/31'],
    ['YYYY-MM-DD', '2026-03-05', '1999-12-31'],
    ['DD.MM.YYYY', '05.03.2026', '31.12.1999'],
  ])('%s shows %s and %s', (dateFormat, first, second) => {
    expect(formatDate(afternoon, dateFormat)).toBe(first);
    expect(formatDate(morning, dateFormat)).toBe(second);
  });

  it('covers every contract value', () => {
    expect(dateFormatValues).toHaveLength(5);
    for (const value of dateFormatValues) expect(datePattern(value)).toMatch(/^(dd|MM|yyyy)[./-](dd|MM|yyyy)[./-](dd|MM|yyyy)$/);
  });
});

describe('time formats (contract TimeFormatValue)', () => {
  it.each<[TimeFormatValue, string, string]>([
    ['12Hour', '02:07 PM', '12:05 AM'],
    ['24Hour', '14:07', '00:05'],
    ['DoNotDisplay', '', ''],
  ])('%s shows "%s" and "%s"', (timeFormat, first, second) => {
    expect(formatTime(afternoon, timeFormat)).toBe(first);
    expect(formatTime(morning, timeFormat)).toBe(second);
  });

  it('localises only the 12-hour day period when a locale is given', () => {
    expect(formatTime(afternoon, '12Hour', { locale: ar })).toBe('02:07 م');
    expect(formatTime(afternoon, '24Hour', { locale: ar })).toBe('14:07');
    expect(formatDate(afternoon, 'DD/MM/YYYY', { locale: ar })).toBe('05/03/2026');
  });
});

describe('every date format × every time format', () => {
  const expected: Record<DateFormatValue, string> = {
    'MM/DD/YYYY': '03/05/2026',
    'DD/MM/YYYY': '05/03/2026',
    'YYYY/MM/DD': '2026/03/05',
    'YYYY-MM-DD': '2026-03-05',
    'DD.MM.YYYY': '05.03.2026',
  };
  const times: Record<TimeFormatValue, string> = { '12Hour': ' 02:07 PM', '24Hour': ' 14:07', DoNotDisplay: '' };
  const table = dateFormatValues.flatMap((dateFormat) =>
    timeFormatValues.map((timeFormat) => [dateFormat, timeFormat, `${expected[dateFormat]}${times[timeFormat]}`] as const),
  );

  it.each(table)('%s + %s → "%s"', (dateFormat, timeFormat, text) => {
    expect(formatDateTime(afternoon, { dateFormat, timeFormat })).toBe(text);
  });

  it('has 15 combinations', () => expect(table).toHaveLength(15));

  it.each([
    [{ dateFormat: 'DD.MM.YYYY', timeFormat: '24Hour' } as const, 'dd.MM.yyyy HH:mm'],
    [{ dateFormat: 'MM/DD/YYYY', timeFormat: '12Hour' } as const, 'MM/dd/yyyy hh:mm a'],
    [{ dateFormat: 'YYYY-MM-DD', timeFormat: 'DoNotDisplay' } as const, 'yyyy-MM-dd'],
  ])('the pattern of %o is %s', (preferences, pattern) => {
    expect(dateTimePattern(preferences)).toBe(pattern);
  });

  it('falls back to MM/DD/YYYY and 12Hour (contract)', () => {
    expect(defaultDateTimePreferences).toEqual({ dateFormat: 'MM/DD/YYYY', timeFormat: '12Hour' });
  });
});

describe('UTC text without a zone (contract UtcDateTimeNoZone) is shown in local time', () => {
  // Node re-reads TZ when it changes, so each row runs in its own zone.
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['UTC', '2024-06-01T02:00:00', { dateFormat: 'MM/DD/YYYY', timeFormat: '12Hour' } as const, '06/01/2024 02:00 AM'],
    ['Europe/Berlin', '2024-06-01T02:00:00', { dateFormat: 'DD.MM.YYYY', timeFormat: '24Hour' } as const, '01.06.2024 04:00'],
    ['Europe/Berlin', '2024-01-15T23:30:00', { dateFormat: 'DD.MM.YYYY', timeFormat: '24Hour' } as const, '16.01.2024 00:30'],
    ['America/New_York', '2024-06-01T02:00:00', { dateFormat: 'MM/DD/YYYY', timeFormat: '12Hour' } as const, '05/31/2024 10:00 PM'],
    ['Asia/Kolkata', '2024-06-01T02:00:00.5', { dateFormat: 'YYYY-MM-DD', timeFormat: '24Hour' } as const, '2024-06-01 07:30'],
    ['Asia/Tokyo', '2024-12-31T20:15:00', { dateFormat: 'YYYY/MM/DD', timeFormat: 'DoNotDisplay' } as const, '2025/01/01'],
  ])('in %s, %s → %s', (tz, text, preferences, shown) => {
    vi.stubEnv('TZ', tz);
    expect(formatDateTime(text, preferences)).toBe(shown);
  });

  it.each([
    ['2024-06-01T02:00:00', Date.UTC(2024, 5, 1, 2, 0, 0)],
    ['2024-06-01T02:00:00.123456789', Date.UTC(2024, 5, 1, 2, 0, 0, 123)],
    ['2024-02-29T12:00:00', Date.UTC(2024, 1, 29, 12)],
    ['0050-01-01T00:00:00', -60589296000000],
  ])('reads %s as the UTC instant %d', (text, epoch) => {
    expect(parseUtcNoZone(text)?.getTime()).toBe(epoch);
  });

  it.each(['2024-06-01T02:00:00Z', '2024-06-01 02:00:00', '2024-06-01', '2023-02-29T12:00:00', '2024-06-01T24:00:00', '2024-13-01T00:00:00', 'soon', ''])(
    'refuses %j',
    (text) => {
      expect(parseUtcNoZone(text)).toBeNull();
    },
  );
});

describe('inputs', () => {
  it.each([
    [afternoon, afternoon.getTime()],
    [afternoon.getTime(), afternoon.getTime()],
    ['2024-06-01T02:00:00Z', Date.UTC(2024, 5, 1, 2)],
    ['2024-06-01T04:00:00+02:00', Date.UTC(2024, 5, 1, 2)],
  ])('accepts %o', (input, epoch) => {
    expect(toDate(input)?.getTime()).toBe(epoch);
  });

  it.each([new Date(Number.NaN), Number.NaN, 'not a date', '2024-06-01'])('formats the invalid input %o as empty text', (input) => {
    expect(formatDateTime(input, defaultDateTimePreferences)).toBe('');
    expect(machineDateTime(input)).toBe('');
  });

  it('gives machine-readable text for <time dateTime>', () => {
    expect(machineDateTime('2024-06-01T02:00:00')).toBe('2024-06-01T02:00:00.000Z');
  });

  it.each([
    ['MM/DD/YYYY', true],
    ['DD.MM.YYYY', true],
    ['mm/dd/yyyy', false],
    [null, false],
  ])('isDateFormatValue(%j) is %s', (value, ok) => expect(isDateFormatValue(value)).toBe(ok));

  it.each([
    ['12Hour', true],
    ['DoNotDisplay', true],
    ['12hour', false],
    [12, false],
  ])('isTimeFormatValue(%j) is %s', (value, ok) => expect(isTimeFormatValue(value)).toBe(ok));
});
