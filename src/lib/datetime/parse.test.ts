import { describe, expect, it } from 'vitest';
import {
  createDate,
  dateErrorKeys,
  defaultMaxDate,
  defaultMinDate,
  expandTwoDigitYear,
  formatDateInput,
  fromIso,
  parseDateInput,
  patternOrder,
  toIsoDate,
  validateDate,
  validateDateInput,
  validateRange,
  withTime,
  type DateLimits,
} from './parse';

const d = (iso: string) => fromIso(iso);
const iso = (date: Date | null) => (date ? toIsoDate(date) : null);
const today = d('2026-11-15');

describe('two-digit years (SPEC §3: below 70 → 20xx, the rest 19xx)', () => {
  it.each([
    [0, 2000],
    [5, 2005],
    [69, 2069],
    [70, 1970],
    [85, 1985],
    [99, 1999],
  ])('%i → %i', (input, year) => {
    expect(expandTwoDigitYear(input)).toBe(year);
  });
});

describe('parseDateInput', () => {
  it.each([
    // text, pattern, expected ISO day or error
    ['05/01/2024', 'MM/dd/yyyy', '2024-05-01'],
    ['5/1/2024', 'MM/dd/yyyy', '2024-05-01'],
    ['5-1-24', 'MM/dd/yyyy', '2024-05-01'],
    ['12/31/69', 'MM/dd/yyyy', '2069-12-31'],
    ['12/31/70', 'MM/dd/yyyy', '1970-12-31'],
    ['01.05.2024', 'dd.MM.yyyy', '2024-05-01'],
    ['1.5.99', 'dd.MM.yyyy', '1999-05-01'],
    ['2024/05/01', 'yyyy/MM/dd', '2024-05-01'],
    ['2024-05-01', 'dd.MM.yyyy', '2024-05-01'], // ISO is always understood
    ['  05/01/2024 ', 'MM/dd/yyyy', '2024-05-01'],
    ['02/29/2024', 'MM/dd/yyyy', '2024-02-29'],
    ['05/01/2024', 'MMM d, yyyy', '2024-05-01'], // a named-month format falls back to MM/dd/yyyy
  ])('%s with %s → %s', (text, pattern, expected) => {
    const result = parseDateInput(text, pattern);
    expect(result.error).toBeNull();
    expect(iso(result.date)).toBe(expected);
  });

  it.each([
    ['tomorrow'],
    ['13/01/2024'],
    ['00/10/2024'],
    ['02/30/2024'],
    ['02/29/2023'],
    ['05/01'],
    ['05/01/2024/1'],
    ['05/01/202'],
    ['05/01/20245'],
    ['123/1/2024'],
  ])('%s is a parse error', (text) => {
    expect(parseDateInput(text, 'MM/dd/yyyy')).toEqual({ date: null, error: 'parse' });
  });

  it.each([[''], ['   ']])('empty text %j is no value and no error', (text) => {
    expect(parseDateInput(text)).toEqual({ date: null, error: null });
  });
});

describe('patternOrder', () => {
  it.each([
    ['MM/dd/yyyy', 'M d y'],
    ['dd.MM.yyyy', 'd M y'],
    ['yyyy-MM-dd', 'y M d'],
    ['d/M/yy', 'd M y'],
    ['EEE MMM d yyyy', 'M d y'],
    ['dd/dd/yyyy', 'M d y'],
  ])('%s → %s', (pattern, order) => {
    expect(patternOrder(pattern).join(' ')).toBe(order);
  });
});

describe('formatDateInput', () => {
  it.each([
    ['MM/dd/yyyy', '05/01/2024'],
    ['dd.MM.yyyy', '01.05.2024'],
    ['yyyy-MM-dd', '2024-05-01'],
    ['M/d/yy', '5/1/24'],
    ['MMM d, yyyy', '05/01/2024'],
  ])('%s → %s', (pattern, text) => {
    expect(formatDateInput(d('2024-05-01'), pattern)).toBe(text);
  });

  it('round-trips with the parser', () => {
    for (const pattern of ['MM/dd/yyyy', 'dd/MM/yyyy', 'yyyy.MM.dd']) {
      expect(iso(parseDateInput(formatDateInput(d('1987-11-09'), pattern), pattern).date)).toBe('1987-11-09');
    }
  });
});

describe('defaults (SPEC §5)', () => {
  it('minimum is 1 January 1900', () => {
    expect(toIsoDate(defaultMinDate())).toBe('1900-01-01');
  });

  it.each([
    ['2026-11-15', '2126-11-15'],
    ['2024-02-29', '2124-02-29'],
    ['2025-02-28', '2125-02-28'],
  ])('maximum from %s is %s', (now, max) => {
    expect(toIsoDate(defaultMaxDate(d(now)))).toBe(max);
  });
});

describe('validateDate: min, max, filter', () => {
  const noWeekends: DateLimits['filter'] = (date) => date.getDay() !== 0 && date.getDay() !== 6;
  it.each<[string, DateLimits, string | null]>([
    ['1900-01-01', {}, null],
    ['1899-12-31', {}, 'min'],
    ['2126-11-15', {}, null],
    ['2126-11-16', {}, 'max'],
    ['2024-05-01', { min: d('2024-05-01') }, null],
    ['2024-04-30', { min: d('2024-05-01') }, 'min'],
    ['2024-05-31', { max: d('2024-05-31') }, null],
    ['2024-06-01', { max: d('2024-05-31') }, 'max'],
    ['2024-05-04', { filter: noWeekends }, 'filter'], // a Saturday
    ['2024-05-06', { filter: noWeekends }, null],
    ['2024-04-27', { min: d('2024-05-01'), filter: noWeekends }, 'min'], // min is checked first
  ])('%s with %o → %s', (day, limits, error) => {
    expect(validateDate(d(day), limits, today)).toBe(error);
  });

  it('compares days, not times', () => {
    expect(validateDate(withTime(d('2024-05-01'), 23, 59), { max: d('2024-05-01') }, today)).toBeNull();
  });
});

describe('validateDateInput', () => {
  it.each<[string, DateLimits, string | null, string | null]>([
    ['05/01/2024', {}, '2024-05-01', null],
    ['05/01/1850', {}, null, 'min'],
    ['05/01/2200', {}, null, 'max'],
    ['bad', {}, null, 'parse'],
    ['05/04/2024', { filter: (date) => date.getDay() !== 6 }, null, 'filter'],
    ['', {}, null, null],
  ])('%s %o → value %s, error %s', (text, limits, value, error) => {
    const state = validateDateInput(text, 'MM/dd/yyyy', limits, today);
    expect(iso(state.value)).toBe(value);
    expect(state.error).toBe(error);
  });

  it('has a translation key for every error', () => {
    expect(Object.values(dateErrorKeys).every((key) => key.startsWith('DateError'))).toBe(true);
  });
});

describe('validateRange (SPEC §5)', () => {
  it.each<[string | null, string | null, DateLimits, string | null, string | null]>([
    ['2024-05-01', '2024-05-10', {}, null, null],
    ['2024-05-01', '2024-05-01', {}, null, null],
    ['2024-05-10', '2024-05-01', {}, 'startDateInvalid', 'endDateInvalid'],
    ['2024-05-01', null, {}, null, null],
    [null, '2024-05-01', {}, null, null],
    ['1899-01-01', '2024-05-01', {}, 'min', null],
    ['2024-05-01', '2300-01-01', {}, null, 'max'],
    ['2024-05-10', '2024-05-04', { filter: (date) => date.getDay() !== 6 }, null, 'filter'],
  ])('%s – %s %o → start %s, end %s', (start, end, limits, startError, endError) => {
    expect(validateRange(start ? d(start) : null, end ? d(end) : null, limits, today)).toEqual({ start: startError, end: endError });
  });
});

describe('library messages (SPEC §8) are developer errors', () => {
  it.each<[string, () => unknown, string]>([
    ['month index 12', () => createDate(2024, 12, 1), 'Invalid month index "12". Month index has to be between 0 and 11.'],
    ['month index -1', () => createDate(2024, -1, 1), 'Invalid month index "-1". Month index has to be between 0 and 11.'],
    ['day 0', () => createDate(2024, 0, 0), 'Invalid date "0". Date has to be greater than 0.'],
    ['31 April', () => createDate(2024, 3, 31), 'Invalid date "31" for month with index "3".'],
    ['29 February 2023', () => createDate(2023, 1, 29), 'Invalid date "29" for month with index "1".'],
    ['hour 24', () => withTime(d('2024-05-01'), 24, 0), 'Invalid hours "24". Hours value must be between 0 and 23.'],
    ['minute 60', () => withTime(d('2024-05-01'), 10, 60), 'Invalid minutes "60". Minutes value must be between 0 and 59.'],
    ['not ISO', () => fromIso('05/01/2024'), 'An ISO 8601 date string is required, got "05/01/2024".'],
    ['format invalid', () => formatDateInput(new Date(Number.NaN)), 'Cannot format an invalid date.'],
    ['parse invalid', () => validateDate(new Date(Number.NaN)), 'Cannot parse an invalid date.'],
  ])('%s', (_name, run, message) => {
    expect(run).toThrow(new Error(message));
  });

  it('keeps years below 100 literal', () => {
    expect(createDate(50, 0, 1).getFullYear()).toBe(50);
  });

  it('reads ISO date-times with their zone', () => {
    expect(fromIso('2024-05-01T10:00:00Z').toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });
});
