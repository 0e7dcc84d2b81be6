import { useMemo } from 'react';
import { parseDate, useDatePicker, type DateValue, type DatePickerValueChangeDetails } from '@ark-ui/react/date-picker';
import { useTranslation } from 'react-i18next';
import { createDate, defaultMaxDate, defaultMinDate, toDate } from '../../lib/datetime/parse';
import { useCalendarLocale, useDirection } from '../direction/direction';

export function toCalendarValue(date: Date): DateValue {
  return parseDate(date);
}

export function fromCalendarValue(value: DateValue): Date {
  return createDate(value.year, value.month - 1, value.day);
}

export interface LimitProps {
  /** Earliest day (Date or ISO yyyy-MM-dd); default 1 January 1900 (SPEC §5). */
  min?: Date | string | undefined;
  /** Latest day; default 100 years from today (SPEC §5). */
  max?: Date | string | undefined;
  /** False for a day that may not be chosen. */
  filter?: ((date: Date) => boolean) | undefined;
}

/** The limits with the spec defaults, stable across renders while their days do not change. */
export function useLimits({ min, max, filter }: LimitProps): { min: Date; max: Date; filter: ((date: Date) => boolean) | undefined } {
  const minKey = min instanceof Date ? min.getTime() : min;
  const maxKey = max instanceof Date ? max.getTime() : max;
  return useMemo(
    () => ({
      min: min === undefined ? defaultMinDate() : toDate(min),
      max: max === undefined ? defaultMaxDate() : toDate(max),
      filter,
    }),
    [minKey, maxKey, filter],
  );
}

interface CalendarOptions {
  selectionMode: 'single' | 'range';
  /** The chosen days (one, or start and end). */
  value: readonly Date[];
  onSelect: (dates: Date[]) => void;
  limits: { min: Date; max: Date; filter: ((date: Date) => boolean) | undefined };
  disabled?: boolean | undefined;
}

/**
 * Ark's date-picker machine set up the kit's way: week from Sunday (SPEC §3), the limits and the
 * filter greyed out in the grid, texts from the translations, direction and locale of the page.
 * The text inputs are the pickers' own (Ark's input would clamp and reorder what the user typed,
 * hiding the min/max/start-after-end errors the spec wants shown).
 */
export function useCalendar({ selectionMode, value, onSelect, limits, disabled }: CalendarOptions) {
  const { t } = useTranslation();
  const dir = useDirection();
  const locale = useCalendarLocale();
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const valueKey = value.map((date) => date.getTime()).join();
  const calendarValue = useMemo(() => value.map(toCalendarValue), [valueKey]);
  const { min, max, filter } = limits;
  const api = useDatePicker({
    selectionMode,
    value: calendarValue,
    onValueChange: (details: DatePickerValueChangeDetails) => onSelect(details.value.map(fromCalendarValue)),
    min: toCalendarValue(min),
    max: toCalendarValue(max),
    ...(filter ? { isDateUnavailable: (date: DateValue) => !filter(fromCalendarValue(date)) } : {}),
    startOfWeek: 0,
    locale,
    timeZone,
    disabled: disabled ?? false,
    closeOnSelect: true,
    positioning: { placement: 'bottom-start' },
    translations: {
      trigger: (open: boolean) => (open ? t('CloseCalendar') : t('OpenCalendar')),
      content: t('ChooseDate'),
      clearTrigger: t('Clear'),
      prevTrigger: (view) => (view === 'day' ? t('PreviousMonth') : view === 'month' ? t('PreviousYear') : t('PreviousYears')),
      nextTrigger: (view) => (view === 'day' ? t('NextMonth') : view === 'month' ? t('NextYear') : t('NextYears')),
      viewTrigger: () => t('ChooseMonthAndYear'),
    },
  });
  return { api, dir, minYear: min.getFullYear(), maxYear: max.getFullYear() };
}

export function sameDay(a: Date | null | undefined, b: Date | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}
