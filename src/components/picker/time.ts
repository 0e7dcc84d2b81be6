import type { TimeFormatValue } from '../../lib/datetime/format';

/**
 * SPEC §9 time selector: 24 hours, or 12 hours plus a day period; 60 minutes; two-digit padding.
 * Plain logic for the selects of `TimePicker` (tested as tables).
 */
export type HourCycle = 12 | 24;
export type DayPeriod = 'AM' | 'PM';

/** A time of day: hours 0–23, minutes 0–59. */
export interface TimeValue {
  hours: number;
  minutes: number;
}

export interface TimeOption {
  value: number;
  label: string;
}

export const pad2 = (value: number): string => String(value).padStart(2, '0');

/** 24-hour: 00…23. 12-hour: 12, 01…11 (the order of a clock face, as people read it). */
export function hourOptions(cycle: HourCycle): TimeOption[] {
  if (cycle === 24) return Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: pad2(hour) }));
  return [12, ...Array.from({ length: 11 }, (_, i) => i + 1)].map((hour) => ({ value: hour, label: pad2(hour) }));
}

/** 00…59. */
export function minuteOptions(): TimeOption[] {
  return Array.from({ length: 60 }, (_, minute) => ({ value: minute, label: pad2(minute) }));
}

export interface DisplayTime {
  /** 0–23 on a 24-hour clock, 1–12 on a 12-hour clock. */
  hour: number;
  minute: number;
  period: DayPeriod | null;
}

function assertTime({ hours, minutes }: TimeValue): void {
  if (!Number.isInteger(hours) || hours < 0 || hours > 23) throw new Error(`Invalid hours "${hours}". Hours value must be between 0 and 23.`);
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 59) {
    throw new Error(`Invalid minutes "${minutes}". Minutes value must be between 0 and 59.`);
  }
}

/** A time as the selects show it. */
export function toDisplayTime(time: TimeValue, cycle: HourCycle): DisplayTime {
  assertTime(time);
  if (cycle === 24) return { hour: time.hours, minute: time.minutes, period: null };
  return { hour: time.hours % 12 === 0 ? 12 : time.hours % 12, minute: time.minutes, period: time.hours < 12 ? 'AM' : 'PM' };
}

/** What the selects show, back to a time of day (12 AM is midnight, 12 PM is noon). */
export function fromDisplayTime(display: DisplayTime, cycle: HourCycle): TimeValue {
  if (cycle === 24) {
    const time = { hours: display.hour, minutes: display.minute };
    assertTime(time);
    return time;
  }
  if (!Number.isInteger(display.hour) || display.hour < 1 || display.hour > 12) {
    throw new Error(`Invalid hours "${display.hour}". Hours value must be between 1 and 12 on a 12-hour clock.`);
  }
  const base = display.hour % 12;
  const time = { hours: display.period === 'PM' ? base + 12 : base, minutes: display.minute };
  assertTime(time);
  return time;
}

/** HH:mm, or hh:mm followed by the (translated) day period: the display formats of SPEC §3. */
export function formatTimeValue(time: TimeValue, cycle: HourCycle, periodLabels: Record<DayPeriod, string> = { AM: 'AM', PM: 'PM' }): string {
  const display = toDisplayTime(time, cycle);
  const text = `${pad2(display.hour)}:${pad2(display.minute)}`;
  return display.period ? `${text} ${periodLabels[display.period]}` : text;
}

/** The member's time format as a clock: 12Hour → 12; 24Hour and DoNotDisplay → 24. */
export function hourCycleOf(timeFormat: TimeFormatValue): HourCycle {
  return timeFormat === '12Hour' ? 12 : 24;
}
