import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DatePicker, type UseDatePickerReturn } from '@ark-ui/react/date-picker';
import { Portal } from '@ark-ui/react/portal';
import { useTranslation } from 'react-i18next';

/** SPEC §9: the calendar's year view moves in steps of 15 years. */
export const yearRangeStep = 15;
const yearColumns = 3;

/** The first year of the 15-year page holding `year`, pages aligned on the earliest allowed year. */
export function yearPageStart(year: number, anchorYear: number): number {
  const offset = (((year - anchorYear) % yearRangeStep) + yearRangeStep) % yearRangeStep;
  return year - offset;
}

/** SPEC §9 range separator. */
export const rangeSeparator = '\u2013';

function ChevronIcon({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg className={`picker__chevron picker__chevron--${direction}`} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={direction === 'previous' ? 'M10 3 5 8l5 5' : 'M6 3l5 5-5 5'} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** Previous, the month/year switch, next: the same header on the day and month views. */
function ViewControl({ label }: { label: string }) {
  return (
    <DatePicker.ViewControl className="picker__view-control">
      <DatePicker.PrevTrigger className="picker__nav">
        <ChevronIcon direction="previous" />
      </DatePicker.PrevTrigger>
      <DatePicker.ViewTrigger className="picker__view-trigger" aria-label={label}>
        <DatePicker.RangeText />
      </DatePicker.ViewTrigger>
      <DatePicker.NextTrigger className="picker__nav">
        <ChevronIcon direction="next" />
      </DatePicker.NextTrigger>
    </DatePicker.ViewControl>
  );
}

export function CalendarIcon() {
  return (
    <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

interface YearViewProps {
  api: UseDatePickerReturn;
  minYear: number;
  maxYear: number;
  dir: 'ltr' | 'rtl';
}

/**
 * Ark's year view shows a decade; the spec's calendar pages through 15 years, so this view is our
 * own: a 5 × 3 grid of years with previous/next steps of 15 and arrow-key movement.
 */
function YearView({ api, minYear, maxYear, dir }: YearViewProps) {
  const { t } = useTranslation();
  const [focusedYear, setFocusedYear] = useState(() => Math.min(Math.max(api.focusedValue.year, minYear), maxYear));
  const pageStart = yearPageStart(focusedYear, minYear);
  const years = Array.from({ length: yearRangeStep }, (_, i) => pageStart + i);
  const selectedYears = new Set(api.value.map((value) => value.year));
  const grid = useRef<HTMLDivElement>(null);
  const rtl = dir === 'rtl';

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-year="${focusedYear}"]`)?.focus({ preventScroll: true });
  }, [focusedYear]);

  const move = (delta: number) => setFocusedYear((year) => Math.min(Math.max(year + delta, minYear), maxYear));
  const choose = (year: number) => {
    api.focusYear(year);
    api.setView('month');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = {
      ArrowLeft: rtl ? 1 : -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowUp: -yearColumns,
      ArrowDown: yearColumns,
      PageUp: -yearRangeStep,
      PageDown: yearRangeStep,
    };
    const step = steps[event.key];
    if (step === undefined || event.altKey) return;
    event.preventDefault();
    move(step);
  };

  const rows = Array.from({ length: yearRangeStep / yearColumns }, (_, row) => years.slice(row * yearColumns, row * yearColumns + yearColumns));
  const rangeText = `${pageStart} ${rangeSeparator} ${pageStart + yearRangeStep - 1}`;
  return (
    <div className="picker__view" data-view="year">
      <div className="picker__view-control">
        <button type="button" className="picker__nav" aria-label={t('PreviousYears')} disabled={pageStart <= minYear} onClick={() => move(-yearRangeStep)}>
          <ChevronIcon direction="previous" />
        </button>
        <span className="picker__range-text" aria-live="polite">
          {rangeText}
        </span>
        <button type="button" className="picker__nav" aria-label={t('NextYears')} disabled={pageStart + yearRangeStep > maxYear} onClick={() => move(yearRangeStep)}>
          <ChevronIcon direction="next" />
        </button>
      </div>
      <div ref={grid} className="picker__years" role="group" aria-label={rangeText} onKeyDown={onKeyDown}>
        {rows.map((row) => (
          <div key={row[0]} className="picker__year-row">
            {row.map((year) => (
              <button
                key={year}
                type="button"
                className="picker__cell-trigger"
                data-year={year}
                data-selected={selectedYears.has(year) || undefined}
                aria-pressed={selectedYears.has(year)}
                tabIndex={year === focusedYear ? 0 : -1}
                disabled={year < minYear || year > maxYear}
                onClick={() => choose(year)}
              >
                {year}
              </button>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

export interface CalendarPopupProps {
  api: UseDatePickerReturn;
  minYear: number;
  maxYear: number;
  dir: 'ltr' | 'rtl';
  /** Alt+Up inside the calendar closes it and puts focus back here (SPEC §2). */
  returnFocus: () => void;
}

/**
 * The popup calendar shared by the date and date-range pickers: day and month views from Ark, the
 * 15-year view above, week starting on Sunday (set on the machine).
 */
export function CalendarPopup({ api, minYear, maxYear, dir, returnFocus }: CalendarPopupProps) {
  const { t } = useTranslation();
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.altKey && event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      api.setOpen(false);
      returnFocus();
    }
  };
  return (
    <Portal>
      <DatePicker.Positioner className="picker__positioner">
        <DatePicker.Content className="picker__content" onKeyDownCapture={onKeyDownCapture}>
          {api.view === 'day' && (
            <DatePicker.View view="day" className="picker__view">
              <ViewControl label={`${api.visibleRangeText.start}, ${t('ChooseMonthAndYear')}`} />
              <DatePicker.Table className="picker__table">
                <DatePicker.TableHead>
                  <DatePicker.TableRow>
                    {api.weekDays.map((weekDay) => (
                      <DatePicker.TableHeader key={weekDay.long} abbr={weekDay.long}>
                        {weekDay.narrow}
                      </DatePicker.TableHeader>
                    ))}
                  </DatePicker.TableRow>
                </DatePicker.TableHead>
                <DatePicker.TableBody>
                  {api.weeks.map((week) => (
                    <DatePicker.TableRow key={week[0]?.toString()}>
                      {week.map((day) => (
                        <DatePicker.TableCell key={day.toString()} value={day} className="picker__cell">
                          <DatePicker.TableCellTrigger className="picker__cell-trigger">{day.day}</DatePicker.TableCellTrigger>
                        </DatePicker.TableCell>
                      ))}
                    </DatePicker.TableRow>
                  ))}
                </DatePicker.TableBody>
              </DatePicker.Table>
            </DatePicker.View>
          )}
          {api.view === 'month' && (
            <DatePicker.View view="month" className="picker__view">
              <ViewControl label={`${api.visibleRangeText.start}, ${t('ChooseMonthAndYear')}`} />
              <DatePicker.Table className="picker__table picker__table--months">
                <DatePicker.TableBody>
                  {api.getMonthsGrid({ columns: 4, format: 'short' }).map((months) => (
                    <DatePicker.TableRow key={months[0]?.value}>
                      {months.map((month) => (
                        <DatePicker.TableCell key={month.value} value={month.value} className="picker__cell">
                          <DatePicker.TableCellTrigger className="picker__cell-trigger">{month.label}</DatePicker.TableCellTrigger>
                        </DatePicker.TableCell>
                      ))}
                    </DatePicker.TableRow>
                  ))}
                </DatePicker.TableBody>
              </DatePicker.Table>
            </DatePicker.View>
          )}
          {api.view === 'year' && <YearView api={api} minYear={minYear} maxYear={maxYear} dir={dir} />}
        </DatePicker.Content>
      </DatePicker.Positioner>
    </Portal>
  );
}
