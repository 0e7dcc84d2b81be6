import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { appStore, useAtomValue } from '../../state/jotai';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { permissionsAtom } from '../../lib/state/signedInState';
import {
  dateFormatValues,
  defaultDateTimePreferences,
  machineDateTime,
  timeFormatValues,
  type DateTimePreferences,
  type TimeFormatValue,
} from '../../lib/datetime/format';
import {
  dateTimePreferencesAtom,
  loadOrganisationDateTimeDefaults,
  saveOrganisationDateTimeDefaults,
  saveUserDateTimePreferences,
  type SaveResult,
} from '../../lib/preferences/dateTimePreferences';
import { useDateTimeFormat } from '../../lib/preferences/useDateTimeFormat';
import { toast } from '../../components/toast/toast';
import { useNow } from './useNow';
import { Modal } from '../../components/dialog/Modal';
import { discardDraft, draftKey, readDraft, writeDraft } from '../../lib/forms/formDraft';
import type { DraftStorageKey } from '../../lib/storage/keys';
import './preferences.css';

/** The contract's assumed permission for changing the organisation defaults. */
const organisationPermission = 'UiSettingsEdit';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; messageKey: string } | { kind: 'error'; messageKey: string };

function timeFormatLabel(t: TFunction, value: TimeFormatValue): string {
  switch (value) {
    case '12Hour':
      return t('TimeFormat12Hour');
    case '24Hour':
      return t('TimeFormat24Hour');
    default:
      return t('TimeFormatDoNotDisplay');
  }
}

interface FormatFieldsProps {
  value: DateTimePreferences;
  onChange: (value: DateTimePreferences) => void;
  disabled: boolean;
}

/** The two format choices and a live preview of the current date and time in them. */
function FormatFields({ value, onChange, disabled }: FormatFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const now = useNow();
  const { formatDate, formatDateTime } = useDateTimeFormat();
  return (
    <div className="preferences__fields">
      <label htmlFor={`${id}-date`}>{t('DateFormat')}</label>
      <select
        id={`${id}-date`}
        value={value.dateFormat}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, dateFormat: dateFormatValues.find((v) => v === e.target.value) ?? value.dateFormat })}
      >
        {dateFormatValues.map((format) => (
          <option key={format} value={format}>
            {t('DateFormatOption', { pattern: format, example: formatDate(now, format) })}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-time`}>{t('TimeFormat')}</label>
      <select
        id={`${id}-time`}
        value={value.timeFormat}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, timeFormat: timeFormatValues.find((v) => v === e.target.value) ?? value.timeFormat })}
      >
        {timeFormatValues.map((format) => (
          <option key={format} value={format}>
            {timeFormatLabel(t, format)}
          </option>
        ))}
      </select>
      <span id={`${id}-preview`}>{t('Preview')}</span>
      <output className="preferences__preview" htmlFor={`${id}-date ${id}-time`} aria-labelledby={`${id}-preview`}>
        <time dateTime={machineDateTime(now)}>{formatDateTime(now, value)}</time>
      </output>
    </div>
  );
}

function StatusMessage({ status }: { status: Status }) {
  const { t } = useTranslation();
  if (status.kind === 'error') {
    return (
      <p className="preferences__message preferences__message--error" role="alert">
        {t(status.messageKey)}
      </p>
    );
  }
  return (
    <p className="preferences__message" role="status">
      {status.kind === 'done' ? t(status.messageKey) : null}
    </p>
  );
}

function isDateTimePreferences(value: unknown): value is DateTimePreferences {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return dateFormatValues.some((f) => f === v.dateFormat) && timeFormatValues.some((f) => f === v.timeFormat);
}

/** The member's unsent formats, kept across a reload, an update or a failed save. */
export function preferencesDraftKey(): DraftStorageKey | null {
  const claims = appStore.get(sessionAtom).claims;
  return claims ? draftKey('date-time-preferences', { userGuid: claims.guid, tenantGuid: claims.tenantGuid }) : null;
}

/** The member's own formats: Save puts them (PUT) and closes; a failed save keeps the old ones. */
function UserPreferencesForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const saved = useAtomValue(dateTimePreferencesAtom);
  const [key] = useState(preferencesDraftKey);
  const [restored] = useState(() => (key ? readDraft(key, isDateTimePreferences) : null));
  const [draft, setDraftState] = useState(restored ?? saved);
  const [status, setStatus] = useState<Status>(restored ? { kind: 'done', messageKey: 'DraftRestored' } : { kind: 'idle' });
  const headingId = useId();

  function setDraft(value: DateTimePreferences) {
    setDraftState(value);
    if (key) writeDraft(key, value);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const guid = appStore.get(sessionAtom).claims?.guid;
    setStatus({ kind: 'busy' });
    const result: SaveResult = guid ? await saveUserDateTimePreferences(guid, draft) : { ok: false, status: null };
    if (result.ok) {
      // A save that has to wait is kept in the outbox (and shown meanwhile): the draft's job is done.
      if (key) discardDraft(key);
      if (result.queued) toast.show({ type: 'warning', titleKey: 'SavedForLater', descriptionKey: 'YouAreOffline' });
      else toast.success({ titleKey: 'PreferencesSaved' });
      onSaved();
      return;
    }
    // Contract: an error toast, and the previous values stay. The modal dialog hides the page's
    // toasts from assistive technology, so the dialog says it too.
    toast.error({ titleKey: 'PreferencesSaveFailed' });
    setStatus({ kind: 'error', messageKey: 'PreferencesSaveFailed' });
  }

  return (
    <form className="preferences__section" aria-labelledby={headingId} onSubmit={(e) => void save(e)}>
      <h3 id={headingId} className="preferences__heading">
        {t('YourPreferences')}
      </h3>
      <FormatFields value={draft} onChange={setDraft} disabled={status.kind === 'busy'} />
      <StatusMessage status={status} />
      <div className="preferences__actions">
        <button type="submit" className="button button--primary" disabled={status.kind === 'busy'}>
          {t('Save')}
        </button>
      </div>
    </form>
  );
}

/** The organisation defaults, for UiSettingsEdit holders: read when shown, saved on their own. */
function OrganisationDefaultsForm() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DateTimePreferences | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const headingId = useId();
  const descriptionId = useId();

  useEffect(() => {
    let alive = true;
    void loadOrganisationDateTimeDefaults().then((defaults) => {
      if (alive) setDraft(defaults);
    });
    return () => {
      alive = false;
    };
  }, []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft) return;
    setStatus({ kind: 'busy' });
    const result = await saveOrganisationDateTimeDefaults(draft, appStore.get(sessionAtom).claims);
    if (!result.ok) toast.error({ titleKey: 'OrganisationDefaultsSaveFailed' });
    if (!result.ok) setStatus({ kind: 'error', messageKey: 'OrganisationDefaultsSaveFailed' });
    else setStatus({ kind: 'done', messageKey: result.queued ? 'YouAreOffline' : 'OrganisationDefaultsSaved' });
  }

  return (
    <form className="preferences__section" aria-labelledby={headingId} aria-describedby={descriptionId} onSubmit={(e) => void save(e)}>
      <h3 id={headingId} className="preferences__heading">
        {t('OrganisationDefaults')}
      </h3>
      <p id={descriptionId} className="preferences__hint">
        {t('OrganisationDefaultsDescription')}
      </p>
      <FormatFields value={draft ?? defaultDateTimePreferences} onChange={setDraft} disabled={!draft || status.kind === 'busy'} />
      <StatusMessage status={status} />
      <div className="preferences__actions">
        <button type="submit" className="button button--secondary" disabled={!draft || status.kind === 'busy'}>
          {t('SaveOrganisationDefaults')}
        </button>
      </div>
    </form>
  );
}

export interface PreferencesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where focus returns when the dialog closes (the opener). */
  finalFocus: () => HTMLElement | null;
}

/**
 * Date and time preferences: the member's formats, and the organisation's for
 * editors. Built on the kit's Modal (Ark UI Dialog): focus trapped, returned to the opener.
 */
export default function PreferencesDialog({ open, onClose, finalFocus }: PreferencesDialogProps) {
  const { t } = useTranslation();
  const permissions = useAtomValue(permissionsAtom);
  // Closing the dialog discards what was not saved; a reload or an update does not.
  const close = () => {
    const key = preferencesDraftKey();
    if (key) discardDraft(key);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      size="x-small"
      className="preferences"
      title={t('DateTimePreferences')}
      description={t('PreferencesDescription')}
      finalFocusEl={finalFocus}
      footer={
        <button type="button" className="button button--secondary" onClick={close}>
          {t('Close')}
        </button>
      }
    >
      <UserPreferencesForm onSaved={onClose} />
      {permissions.has(organisationPermission) && <OrganisationDefaultsForm />}
    </Modal>
  );
}
