import { describe, expect, it } from 'vitest';
import { checkRangeInputs, type RangeInputRole } from './rangeInputs';
import { formatTimeValue, fromDisplayTime, hourCycleOf, hourOptions, minuteOptions, toDisplayTime, type DisplayTime, type HourCycle } from './time';

describe('time selector options (SPEC §9)', () => {
  it('24-hour clock: 24 hours 00–23', () => {
    const hours = hourOptions(24);
    expect(hours).toHaveLength(24);
    expect(hours.map((h) => h.label)).toEqual(Array.from({ length: 24 }, (_, i) => String(i).padStart(2, '0')));
  });

  it('12-hour clock: 12, 01–11', () => {
    expect(hourOptions(12).map((h) => h.label)).toEqual(['12', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11']);
  });

  it('60 minutes, two digits each', () => {
    const minutes = minuteOptions();
    expect(minutes).toHaveLength(60);
    expect(minutes.every((m) => /^\d{2}$/.test(m.label))).toBe(true);
    expect([minutes[0]?.label, minutes[5]?.label, minutes[59]?.label]).toEqual(['00', '05', '59']);
  });
});

describe('time formats', () => {
  it.each<[number, number, HourCycle, string]>([
    [0, 0, 24, '00:00'],
    [0, 0, 12, '12:00 AM'],
    [0, 5, 12, '12:05 AM'],
    [9, 7, 24, '09:07'],
    [9, 7, 12, '09:07 AM'],
    [11, 59, 12, '11:59 AM'],
    [12, 0, 24, '12:00'],
    [12, 0, 12, '12:00 PM'],
    [13, 30, 12, '01:30 PM'],
    [23, 59, 24, '23:59'],
    [23, 59, 12, '11:59 PM'],
  ])('%i:%i on a %i-hour clock → %s', (hours, minutes, cycle, text) => {
    expect(formatTimeValue({ hours, minutes }, cycle)).toBe(text);
  });

  it('uses translated day periods', () => {
    expect(formatTimeValue({ hours: 15, minutes: 0 }, 12, { AM: 'ص', PM: 'م' })).toBe('03:00 م');
  });

  it.each<[DisplayTime, HourCycle, number, number]>([
    [{ hour: 12, minute: 0, period: 'AM' }, 12, 0, 0],
    [{ hour: 12, minute: 30, period: 'PM' }, 12, 12, 30],
    [{ hour: 1, minute: 0, period: 'PM' }, 12, 13, 0],
    [{ hour: 11, minute: 59, period: 'PM' }, 12, 23, 59],
    [{ hour: 7, minute: 15, period: 'AM' }, 12, 7, 15],
    [{ hour: 17, minute: 45, period: null }, 24, 17, 45],
  ])('%o (%i-hour) → %i:%i and back', (display, cycle, hours, minutes) => {
    expect(fromDisplayTime(display, cycle)).toEqual({ hours, minutes });
    expect(toDisplayTime({ hours, minutes }, cycle)).toEqual(display);
  });

  it.each<[() => unknown, string]>([
    [() => toDisplayTime({ hours: 24, minutes: 0 }, 24), 'Invalid hours "24". Hours value must be between 0 and 23.'],
    [() => toDisplayTime({ hours: -1, minutes: 0 }, 12), 'Invalid hours "-1". Hours value must be between 0 and 23.'],
    [() => toDisplayTime({ hours: 1, minutes: 60 }, 24), 'Invalid minutes "60". Minutes value must be between 0 and 59.'],
    [() => fromDisplayTime({ hour: 0, minute: 0, period: 'AM' }, 12), 'Invalid hours "0". Hours value must be between 1 and 12 on a 12-hour clock.'],
  ])('developer error: %s', (run, message) => {
    expect(run).toThrow(new Error(message));
  });

  it.each([
    ['12Hour', 12],
    ['24Hour', 24],
    ['DoNotDisplay', 24],
  ] as const)('preference %s → %i-hour clock', (format, cycle) => {
    expect(hourCycleOf(format)).toBe(cycle);
  });
});

describe('range input misuse (SPEC §8)', () => {
  it.each<[RangeInputRole[], string | null]>([
    [['start', 'end'], null],
    [['end', 'start'], null],
    [['start'], 'the end input (<DateRangeInput.End />) is missing'],
    [['end'], 'the start input (<DateRangeInput.Start />) is missing'],
    [[], 'the start input (<DateRangeInput.Start />) is missing'],
    [['start', 'start', 'end'], 'one start input only; found 2'],
    [['start', 'end', 'end'], 'one end input only; found 2'],
  ])('%j → %s', (roles, message) => {
    if (message === null) expect(() => checkRangeInputs(roles)).not.toThrow();
    else expect(() => checkRangeInputs(roles)).toThrow(message);
  });
});
