// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithKeys } from './keyTexts.testSupport';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, buttonColors } from './button/Button';
import { FormField } from './form/FormField';
import { CheckboxField, TextField } from './form/fields';
import { Pagination } from './pagination/Pagination';
import { rangeSeparator, yearPageStart, yearRangeStep } from './picker/CalendarPopup';
import { DateRangeInput } from './picker/DateRangeInput';
import { DatePicker } from './picker/DatePicker';
import { TimePicker } from './picker/TimePicker';
import { Tooltip } from './tooltip/Tooltip';
import { tooltipTimings } from './tooltip/tooltipTimings';

// The texts are their keys (renderWithKeys), so keys are asserted.

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Button (SPEC §2/§9)', () => {
  it.each(buttonColors.map((color) => [color]))('colour %s uses its class', (color) => {
    renderWithKeys(<Button color={color}>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' }).className).toContain(`button--${color}`);
  });

  it('defaults to type=button', () => {
    renderWithKeys(<Button>Go</Button>);
    expect(screen.getByRole('button').getAttribute('type')).toBe('button');
  });

  it.each([
    [false, false],
    [true, true],
  ])('loading=%s disables=%s and sets aria-busy', (loading, disabled) => {
    const onClick = vi.fn();
    renderWithKeys(
      <Button loading={loading} onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    expect((button as HTMLButtonElement).disabled).toBe(disabled);
    expect(button.getAttribute('aria-busy')).toBe(loading ? 'true' : null);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(loading ? 0 : 1);
  });
});

describe('form fields (SPEC §5)', () => {
  it('a required field shows an asterisk hidden from screen readers and marks the control required', () => {
    renderWithKeys(<TextField label="First name" required />);
    const input = screen.getByLabelText(/First name/);
    expect((input as HTMLInputElement).required).toBe(true);
    const star = screen.getByText('*');
    expect(star.getAttribute('aria-hidden')).toBe('true');
  });

  it.each([
    ['a key', 'Required', 'Required'],
    ['a key with values', { key: 'MinLength', values: { min: 4 } }, 'MinLength'],
    ['an RHF error from the resolver', { type: 'custom', message: 'MaxLength', values: { max: 8 } }, 'MaxLength'],
  ])('an error given as %s shows a message tied to the control', (_name, error, text) => {
    renderWithKeys(<TextField label="Code" hint="Digits" error={error} />);
    const input = screen.getByLabelText('Code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText(text);
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual([screen.getByText('Digits').id, message.id]);
  });

  it('no error: no aria-invalid, only the hint describes the control', () => {
    renderWithKeys(<FormField label="Name" hint="As on your passport">{(control) => <input {...control} />}</FormField>);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('As on your passport').id);
  });

  it('a checkbox field carries its error', () => {
    renderWithKeys(<CheckboxField label="I agree" required error="RequiredTrue" />);
    const box = screen.getByRole('checkbox', { name: /I agree/ });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText('RequiredTrue').id);
  });
});

describe('Pagination', () => {
  it('shows the text, the page-size options and steps pages', () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    renderWithKeys(<Pagination page={1} pageSize={10} total={95} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} pageSizeOptions={[10, 25]} />);
    expect(screen.getByText('ShowingXOfY')).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'PreviousPage' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'NextPage' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    fireEvent.change(screen.getByLabelText('ItemsPerPage'), { target: { value: '25' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(25);
  });
});

describe('Tooltip touch timings (SPEC §9)', () => {
  /** Advances fake time inside act, letting the state machine's microtasks run too. */
  const advance = async (ms: number) => {
    await act(async () => {
      vi.advanceTimersByTime(ms);
      await Promise.resolve();
    });
  };
  const renderTooltip = () =>
    renderWithKeys(
      <Tooltip content="Help text">
        <button type="button">Info</button>
      </Tooltip>,
    );
  const isOpen = () => screen.getByRole('button', { name: 'Info' }).getAttribute('data-state') === 'open';

  it('a 500 ms long press shows it; it hides 1500 ms after the finger lifts', async () => {
    vi.useFakeTimers();
    renderTooltip();
    const trigger = screen.getByRole('button', { name: 'Info' });
    fireEvent.pointerDown(trigger, { pointerType: 'touch' });
    await advance(tooltipTimings.touchLongPress - 1);
    expect(isOpen()).toBe(false);
    await advance(1);
    expect(isOpen()).toBe(true);
    expect(screen.getByRole('tooltip').textContent).toBe('Help text');
    fireEvent.pointerUp(trigger, { pointerType: 'touch' });
    await advance(tooltipTimings.touchHideDelay - 1);
    expect(isOpen()).toBe(true);
    await advance(1);
    expect(isOpen()).toBe(false);
  });

  it('a short tap does not show it', async () => {
    vi.useFakeTimers();
    renderTooltip();
    const trigger = screen.getByRole('button', { name: 'Info' });
    fireEvent.pointerDown(trigger, { pointerType: 'touch' });
    await advance(200);
    fireEvent.pointerUp(trigger, { pointerType: 'touch' });
    await advance(5000);
    expect(isOpen()).toBe(false);
  });

  it('has the spec delays', () => {
    expect(tooltipTimings).toEqual({ showDelay: 700, hideDelay: 200, touchHideDelay: 1500, touchLongPress: 500, formShowDelay: 250 });
  });
});

describe('pickers', () => {
  it('DatePicker: typed text becomes a value; an out-of-range day shows DateErrorMin after blur', () => {
    const onValueChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<Date | null>(null);
      return (
        <DatePicker
          label="When"
          value={value}
          onValueChange={(next) => {
            onValueChange(next);
            setValue(next);
          }}
        />
      );
    }
    renderWithKeys(<Harness />);
    const input = screen.getByLabelText('When');
    fireEvent.change(input, { target: { value: '5/1/24' } });
    expect(onValueChange).toHaveBeenLastCalledWith(new Date(2024, 4, 1));
    fireEvent.change(input, { target: { value: '5/1/1850' } });
    expect(onValueChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText('DateErrorMin')).toBeNull(); // not before the field is left
    fireEvent.blur(input);
    expect(screen.getByText('DateErrorMin')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'OpenCalendar' })).toBeTruthy();
  });

  it('DateRangeInput: Backspace in the empty end input focuses the start input', () => {
    renderWithKeys(
      <DateRangeInput label="Period" value={{ start: null, end: null }} onValueChange={() => undefined}>
        <DateRangeInput.Start label="From" />
        <DateRangeInput.End label="To" />
      </DateRangeInput>,
    );
    const end = screen.getByLabelText('To');
    end.focus();
    fireEvent.keyDown(end, { key: 'Backspace' });
    expect(document.activeElement).toBe(screen.getByLabelText('From'));
  });

  it.each([
    ['no end input', <DateRangeInput.Start key="s" />, /the end input .* is missing/],
    ['a second start input', [<DateRangeInput.Start key="a" />, <DateRangeInput.Start key="b" />, <DateRangeInput.End key="e" />], /one start input only; found 2/],
  ])('DateRangeInput with %s throws a developer error', (_name, children, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      renderWithKeys(
        <DateRangeInput label="Period" value={{ start: null, end: null }} onValueChange={() => undefined}>
          {children}
        </DateRangeInput>,
      ),
    ).toThrow(message);
  });

  it('DateRangeInput.Start outside a range input throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWithKeys(<DateRangeInput.Start />)).toThrow('DateRangeInput.Start can only be used inside a DateRangeInput.');
  });

  it.each([
    [24, 24, 0],
    [12, 12, 3],
  ] as const)('TimePicker on a %i-hour clock: %i hours, 60 minutes, %i period options', (cycle, hours, periods) => {
    const onValueChange = vi.fn();
    renderWithKeys(<TimePicker label="At" value={null} onValueChange={onValueChange} hourCycle={cycle} />);
    const [hour, minute, period] = screen.getAllByRole('combobox');
    expect(hour!.querySelectorAll('option')).toHaveLength(hours + 1); // plus the empty choice
    expect(minute!.querySelectorAll('option')).toHaveLength(61);
    expect(period?.querySelectorAll('option').length ?? 0).toBe(periods === 0 ? 0 : 2);
    fireEvent.change(hour!, { target: { value: cycle === 12 ? '12' : '0' } });
    expect(onValueChange).not.toHaveBeenCalled();
    fireEvent.change(minute!, { target: { value: '5' } });
    expect(onValueChange).toHaveBeenLastCalledWith({ hours: 0, minutes: 5 });
    if (period) {
      fireEvent.change(period, { target: { value: 'PM' } });
      expect(onValueChange).toHaveBeenLastCalledWith({ hours: 12, minutes: 5 });
    }
  });
});

describe('calendar year view (SPEC §9: year-range step 15, range separator en dash)', () => {
  it('steps 15 years and separates with an en dash', () => {
    expect(yearRangeStep).toBe(15);
    expect(rangeSeparator).toBe('\u2013');
  });

  it.each([
    [1900, 1900, 1900],
    [1914, 1900, 1900],
    [1915, 1900, 1915],
    [2010, 1900, 2005],
    [2026, 1900, 2020],
    [2034, 1900, 2020],
    [2035, 1900, 2035],
    [2024, 2024, 2024],
    [2023, 2024, 2009], // before the anchor (a max-only picker) still pages in 15s
  ])('%i with pages anchored at %i starts its page at %i', (year, anchor, start) => {
    expect(yearPageStart(year, anchor)).toBe(start);
  });
});
