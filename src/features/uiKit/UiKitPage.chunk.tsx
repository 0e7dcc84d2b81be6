import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Button, buttonColors, type ButtonColor } from '../../components/button/Button';
import { ConfirmDialog, type ConfirmResult } from '../../components/dialog/ConfirmDialog';
import { Modal, dialogSizes, type DialogSize } from '../../components/dialog/Modal';
import { DirectionProvider } from '../../components/direction/direction';
import { CheckboxField, SelectField, TextField } from '../../components/form/fields';
import { Loading, type LoadingSize } from '../../components/loading/Loading';
import { useOverlay } from '../../components/overlay/useOverlay';
import { Pagination } from '../../components/pagination/Pagination';
import { DatePicker } from '../../components/picker/DatePicker';
import { DateRangeInput, type DateRange } from '../../components/picker/DateRangeInput';
import { DateTimePicker } from '../../components/picker/DateTimePicker';
import { TimePicker } from '../../components/picker/TimePicker';
import { formatTimeValue, type TimeValue } from '../../components/picker/time';
import { rangeSeparator } from '../../components/picker/CalendarPopup';
import { toast, type ToastType } from '../../components/toast/toast';
import { Toaster } from '../../components/toast/Toaster';
import { Tooltip } from '../../components/tooltip/Tooltip';
import { createDate, toIsoDate } from '../../lib/datetime/parse';
import type { TextDirection } from '../../lib/i18n/direction';
import { textDirectionAtom } from '../../lib/i18n/runtime';
import { currentTheme, initTheme, knownThemes, onThemeChange, setTheme, themeLabelKeys, type Theme } from '../../lib/theme/theme';
import { email, max, maxLength, min, minLength, pattern, required, requiredTrue } from '../../lib/validation/validators';
import { zodMiniResolver } from '../../lib/validation/resolver';
import { useAtomValue } from '../../state/jotai';
import './uiKit.css';

/**
 * /ui-kit: every shared component in each state, with a theme and a direction switch. A real page
 * for designers and the place the kit's browser and accessibility tests look at. No sign-in.
 */

const colorLabelKeys = {
  primary: 'UiKitPrimary',
  secondary: 'UiKitSecondary',
  tertiary: 'UiKitTertiary',
  danger: 'UiKitDanger',
  neutral: 'UiKitNeutral',
} as const satisfies Record<ButtonColor, string>;

const sizeLabelKeys = {
  'x-small': 'UiKitSizeXSmall',
  small: 'UiKitSizeSmall',
  medium: 'UiKitSizeMedium',
  large: 'UiKitSizeLarge',
  'x-large': 'UiKitSizeXLarge',
} as const satisfies Record<DialogSize, string>;

const toastButtons = [
  { type: 'info', labelKey: 'UiKitToastInfo', descriptionKey: 'BackOnline' },
  { type: 'success', labelKey: 'UiKitToastSuccess', descriptionKey: 'PreferencesSaved' },
  { type: 'warning', labelKey: 'UiKitToastWarning', descriptionKey: 'YouAreOffline' },
  { type: 'error', labelKey: 'UiKitToastError', descriptionKey: 'ContactSalesCaseError' },
] as const satisfies readonly { type: ToastType; labelKey: string; descriptionKey: string }[];

function Section({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="ui-kit__section" aria-labelledby={id}>
      <h2 id={id}>{t(titleKey)}</h2>
      {children}
    </section>
  );
}

function Buttons() {
  const { t } = useTranslation();
  return (
    <Section titleKey="UiKitButtons">
      <div className="ui-kit__row">
        {buttonColors.map((color) => (
          <Button key={color} color={color}>
            {t(colorLabelKeys[color])}
          </Button>
        ))}
      </div>
      <div className="ui-kit__row">
        {buttonColors.map((color) => (
          <Button key={color} color={color} loading>
            {t(colorLabelKeys[color])}
          </Button>
        ))}
      </div>
    </Section>
  );
}

function SizedDialog({ size }: { size: DialogSize }) {
  const { t } = useTranslation();
  const dialog = useOverlay();
  const sizeLabel = t(sizeLabelKeys[size]);
  return (
    <>
      <Button color="secondary" onClick={dialog.open}>
        {t('UiKitOpenDialog', { size: sizeLabel })}
      </Button>
      <Modal
        open={dialog.isOpen}
        onClose={dialog.dismiss}
        size={size}
        title={t('UiKitDialogTitle', { size: sizeLabel })}
        description={t('UiKitDialogBody')}
        footer={
          <Button color="primary" onClick={dialog.dismiss}>
            {t('Close')}
          </Button>
        }
      />
    </>
  );
}

function Dialogs() {
  const { t } = useTranslation();
  const confirm = useOverlay();
  const [result, setResult] = useState<ConfirmResult | undefined>(undefined);
  const resultLabel = result === true ? t('Continue') : result === false ? t('Cancel') : t('Close');
  return (
    <Section titleKey="UiKitDialogs">
      <div className="ui-kit__row">
        {dialogSizes.map((size) => (
          <SizedDialog key={size} size={size} />
        ))}
      </div>
      <div className="ui-kit__row">
        <Button color="primary" onClick={confirm.open}>
          {t('UiKitOpenConfirm')}
        </Button>
        {result !== undefined && (
          <p className="ui-kit__result" data-result={String(result)} aria-live="polite">
            {t('UiKitConfirmResult', { result: resultLabel })}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirm.isOpen}
        tone="warning"
        title={t('UiKitConfirmTitle')}
        message={t('UiKitConfirmMessage')}
        onResult={(answer) => {
          confirm.dismiss();
          setResult(answer);
        }}
      />
    </Section>
  );
}

function Toasts() {
  const { t } = useTranslation();
  const counter = useRef(0);
  return (
    <Section titleKey="UiKitToasts">
      <div className="ui-kit__row">
        {toastButtons.map(({ type, labelKey, descriptionKey }) => (
          <Button
            key={type}
            color={type === 'error' ? 'danger' : 'neutral'}
            onClick={() => {
              counter.current += 1;
              toast.show({ titleKey: 'UiKitToastTitle', descriptionKey, values: { n: counter.current }, type });
            }}
          >
            {t(labelKey)}
          </Button>
        ))}
      </div>
    </Section>
  );
}

function Tooltips() {
  const { t } = useTranslation();
  return (
    <Section titleKey="UiKitTooltips">
      <div className="ui-kit__row">
        <Tooltip content={t('UiKitTooltipText')}>
          <Button color="neutral">{t('UiKitTooltipTrigger')}</Button>
        </Tooltip>
      </div>
    </Section>
  );
}

const formSchema = z.object({
  firstName: z.string().check(required('PleaseEnterYourFirstName')),
  lastName: z.string().check(required('PleaseEnterYourLastName')),
  emailAddress: z.string().check(required('ErrorEnterValidEmailAddress'), email('ErrorEnterValidEmailAddress')),
  accessCode: z.string().check(minLength(4), maxLength(8), pattern('[0-9]*')),
  seats: z.string().check(min(1), max(100), pattern('[0-9]*')),
  consent: z.boolean().check(requiredTrue()),
});
type FormValues = z.infer<typeof formSchema>;

function FormFields() {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodMiniResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', emailAddress: '', accessCode: '', seats: '', consent: false },
  });
  const { errors } = formState;
  return (
    <Section titleKey="UiKitFormFields">
      <p className="field__hint">{t('RequiredFieldsHint')}</p>
      <form
        className="ui-kit__form"
        noValidate
        onSubmit={(event) =>
          void handleSubmit(() => {
            toast.success({ titleKey: 'UiKitFormValid' });
          })(event)
        }
      >
        <TextField label={t('FirstName')} required autoComplete="given-name" error={errors.firstName} {...register('firstName')} />
        <TextField label={t('LastName')} required autoComplete="family-name" error={errors.lastName} {...register('lastName')} />
        <TextField label={t('EmailAddress')} required type="email" autoComplete="email" error={errors.emailAddress} {...register('emailAddress')} />
        <TextField label={t('UiKitAccessCode')} inputMode="numeric" tooltip={t('UiKitFormTooltip')} error={errors.accessCode} {...register('accessCode')} />
        <TextField label={t('UiKitSeats')} inputMode="numeric" hint={t('Optional')} error={errors.seats} {...register('seats')} />
        <CheckboxField label={t('UiKitAcceptTerms')} required error={errors.consent} {...register('consent')} />
        <div className="ui-kit__row">
          <Button type="submit" color="primary">
            {t('Submit')}
          </Button>
        </div>
      </form>
      <div className="ui-kit__form">
        <TextField label={t('UiKitErrorExample')} type="email" defaultValue="ada@" error="InvalidEmail" />
      </div>
    </Section>
  );
}

function PaginationDemo() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  return (
    <Section titleKey="Pagination">
      <Pagination
        page={page}
        pageSize={pageSize}
        total={95}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Section>
  );
}

function LoadingDemo() {
  const { t } = useTranslation();
  const sizes: { size: LoadingSize; labelKey: string }[] = [
    { size: 'small', labelKey: 'UiKitSizeSmall' },
    { size: 'medium', labelKey: 'UiKitSizeMedium' },
    { size: 'large', labelKey: 'UiKitSizeLarge' },
  ];
  return (
    <Section titleKey="UiKitLoading">
      <div className="ui-kit__row ui-kit__loading">
        {sizes.map(({ size, labelKey }) => (
          <figure key={size} className="ui-kit__figure">
            <Loading size={size} />
            <figcaption>{t(labelKey)}</figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}

function ValueText({ value }: { value: string }) {
  const { t } = useTranslation();
  return <p className="ui-kit__value">{t('UiKitValue', { value })}</p>;
}

function Pickers() {
  const { t } = useTranslation();
  const [date, setDate] = useState<Date | null>(null);
  const [weekday, setWeekday] = useState<Date | null>(null);
  const [time24, setTime24] = useState<TimeValue | null>({ hours: 14, minutes: 5 });
  const [time12, setTime12] = useState<TimeValue | null>({ hours: 9, minutes: 30 });
  const [dateTime, setDateTime] = useState<Date | null>(null);
  const [range, setRange] = useState<DateRange>({ start: null, end: null });
  const year = new Date().getFullYear();
  const isoOrEmpty = (value: Date | null) => (value ? toIsoDate(value) : '');
  return (
    <Section titleKey="UiKitPickers">
      <div className="ui-kit__grid">
        <div>
          <DatePicker label={t('ChooseDate')} value={date} onValueChange={setDate} />
          <ValueText value={isoOrEmpty(date)} />
        </div>
        <div>
          <DatePicker
            label={t('UiKitWeekday')}
            value={weekday}
            onValueChange={setWeekday}
            min={createDate(year, 0, 1)}
            max={createDate(year, 11, 31)}
            filter={(day) => day.getDay() !== 0 && day.getDay() !== 6}
          />
          <ValueText value={isoOrEmpty(weekday)} />
        </div>
        <div>
          <TimePicker label={t('TimeFormat24Hour')} value={time24} onValueChange={setTime24} hourCycle={24} />
          <ValueText value={time24 ? formatTimeValue(time24, 24) : ''} />
        </div>
        <div>
          <TimePicker label={t('TimeFormat12Hour')} value={time12} onValueChange={setTime12} hourCycle={12} />
          <ValueText value={time12 ? formatTimeValue(time12, 12, { AM: t('AM'), PM: t('PM') }) : ''} />
        </div>
        <div className="ui-kit__wide">
          <DateTimePicker label={t('DateAndTime')} value={dateTime} onValueChange={setDateTime} />
          <ValueText value={dateTime ? `${toIsoDate(dateTime)} ${formatTimeValue({ hours: dateTime.getHours(), minutes: dateTime.getMinutes() }, 24)}` : ''} />
        </div>
        <div className="ui-kit__wide">
          <DateRangeInput label={t('DateRange')} value={range} onValueChange={setRange}>
            <DateRangeInput.Start />
            <DateRangeInput.End />
          </DateRangeInput>
          <ValueText value={range.start || range.end ? `${isoOrEmpty(range.start)} ${rangeSeparator} ${isoOrEmpty(range.end)}` : ''} />
        </div>
      </div>
    </Section>
  );
}

function Switches({ dir, onDirChange }: { dir: TextDirection; onDirChange: (dir: TextDirection) => void }) {
  const { t } = useTranslation();
  const [theme, setThemeState] = useState<Theme>(currentTheme);
  useEffect(() => {
    const stop = onThemeChange(setThemeState);
    // The shell applies the stored theme at start; should it not have, this page still shows it.
    if (!document.documentElement.dataset.theme) initTheme();
    return stop;
  }, []);
  return (
    <div className="ui-kit__switches">
      <SelectField
        label={t('Theme')}
        value={theme}
        options={knownThemes.map((value) => ({ value, label: t(themeLabelKeys[value]) }))}
        onChange={(event) => setTheme(event.target.value as Theme)}
      />
      <SelectField
        label={t('TextDirection')}
        value={dir}
        options={[
          { value: 'ltr', label: t('LeftToRight') },
          { value: 'rtl', label: t('RightToLeft') },
        ]}
        onChange={(event) => onDirChange(event.target.value as TextDirection)}
      />
    </div>
  );
}

export function UiKitPage() {
  const { t } = useTranslation();
  const languageDir = useAtomValue(textDirectionAtom);
  const [dir, setDir] = useState<TextDirection | null>(null);
  const shown = dir ?? languageDir;
  return (
    <DirectionProvider dir={shown}>
      <div className="ui-kit" dir={shown}>
        <header className="ui-kit__header">
          <h1>{t('UiKitTitle')}</h1>
          <p>{t('UiKitIntro')}</p>
          <Switches dir={shown} onDirChange={setDir} />
        </header>
        <main className="ui-kit__main">
          <Buttons />
          <Dialogs />
          <Toasts />
          <Tooltips />
          <FormFields />
          <Pickers />
          <PaginationDemo />
          <LoadingDemo />
        </main>
        <Toaster />
      </div>
    </DirectionProvider>
  );
}

export default UiKitPage;
