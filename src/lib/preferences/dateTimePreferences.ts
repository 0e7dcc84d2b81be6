import { startTransition } from 'react';
import * as z from 'zod/mini';
import { atom, appStore } from '../../state/jotai';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { submitWrite, waitingBody } from '../../outbox/page/outbox';
import { onWriteSettled } from '../../outbox/page/outboxState';
import { sessionAtom } from '../../session/page/sessionAtoms';
import {
  dateFormatValues,
  defaultDateTimePreferences,
  timeFormatValues,
  type DateTimePreferences,
} from '../datetime/formats';

/**
 * Date and time preferences (SPEC §3, §7 "Preferences and language"): the member's (POST to read
 * the two keys, PUT to save) and the organisation's defaults (GET ?key=…, PUT with UiSettingsEdit).
 * Answers are validated at the edge; a failed read takes the contract's fall-back (MM/DD/YYYY,
 * 12Hour) and a failed save changes nothing.
 */
const dateFormatSettingSchema = z.lazy(() => z.object({ key: z.literal('dateFormat'), value: z.enum(dateFormatValues) }));
const timeFormatSettingSchema = z.lazy(() => z.object({ key: z.literal('timeFormat'), value: z.enum(timeFormatValues) }));
/** Contract UiSetting: {key, value} discriminated by key. */
export const uiSettingSchema = z.lazy(() => z.discriminatedUnion('key', [dateFormatSettingSchema, timeFormatSettingSchema]));
export const uiSettingListSchema = z.lazy(() => z.array(uiSettingSchema));
export type UiSetting = z.infer<typeof uiSettingSchema>;

export const uiSettingKeys = ['dateFormat', 'timeFormat'] as const;

/** The member's effective formats (their own, else the organisation's, else the built-in defaults). */
export const dateTimePreferencesAtom = atom<DateTimePreferences>(defaultDateTimePreferences);

/** The organisation defaults, once read (the preferences dialog reads them for UiSettingsEdit holders). */
export const organisationDateTimeAtom = atom<DateTimePreferences | null>(null);

/** UiSetting entries → preferences; a key the list lacks takes the contract default. */
export function preferencesFromSettings(settings: readonly UiSetting[]): DateTimePreferences {
  const date = settings.find((s) => s.key === 'dateFormat');
  const time = settings.find((s) => s.key === 'timeFormat');
  return {
    dateFormat: date?.key === 'dateFormat' ? date.value : defaultDateTimePreferences.dateFormat,
    timeFormat: time?.key === 'timeFormat' ? time.value : defaultDateTimePreferences.timeFormat,
  };
}

/** Contract DateTimeSettingList: exactly the two entries, dateFormat first. */
export function settingsFromPreferences(preferences: DateTimePreferences): UiSetting[] {
  return [
    { key: 'dateFormat', value: preferences.dateFormat },
    { key: 'timeFormat', value: preferences.timeFormat },
  ];
}

const preferencesPath = (guid: string) => `/api/globalization/v1/ui-settings/user/${encodeURIComponent(guid)}/preferences`;
const organisationPath = '/api/globalization/v1/ui-settings';

/** Reads that the contract makes POSTs (the member's two keys); writes go through the outbox. */
async function postRead(path: string, body: unknown): Promise<Response | null> {
  try {
    return await apiFetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    return null;
  }
}

/** Outbox kinds: what to do when a save that had to wait is finally sent or refused. */
const userPreferencesKind = 'user-preferences';
const organisationPreferencesKind = 'organisation-preferences';

async function parsed<T>(response: Response | null, schema: z.ZodMiniType<T>): Promise<T | null> {
  if (!response?.ok) return null;
  try {
    const result = schema.safeParse(await response.json());
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** POST [dateFormat, timeFormat] → the member's effective values, or null when that fails. */
export async function readUserDateTimePreferences(guid: string): Promise<DateTimePreferences | null> {
  const settings = await parsed(await postRead(preferencesPath(guid), uiSettingKeys), uiSettingListSchema);
  return settings ? preferencesFromSettings(settings) : null;
}

/** A save of the member's formats still waiting in the outbox, which the screens show meanwhile. */
async function waitingPreferences(guid: string): Promise<DateTimePreferences | null> {
  const body = uiSettingListSchema.safeParse(await waitingBody(preferencesPath(guid)));
  return body.success ? preferencesFromSettings(body.data) : null;
}

/** Whose values the atom holds (a failed re-read keeps a member's known values, never another's). */
let loadedFor: string | null = null;

/**
 * Reads the member's preferences into the atom. Failure → the contract fall-back, unless this page
 * already knows the member's values (a later reload while offline keeps them).
 */
export async function loadUserDateTimePreferences(claims: { guid: string } | null): Promise<DateTimePreferences> {
  if (!claims) return appStore.get(dateTimePreferencesAtom);
  const fresh = (await readUserDateTimePreferences(claims.guid)) ?? (await waitingPreferences(claims.guid));
  const known = loadedFor === claims.guid ? appStore.get(dateTimePreferencesAtom) : null;
  const preferences = fresh ?? known ?? defaultDateTimePreferences;
  if (fresh) loadedFor = claims.guid;
  // A transition: every date on screen re-renders, in slices rather than one long task.
  startTransition(() => appStore.set(dateTimePreferencesAtom, preferences));
  return preferences;
}

/** `queued`: kept on this device (offline or slow network) and sent when it can be. */
export type SaveResult = { ok: true; queued: boolean } | { ok: false; status: number | null };

/**
 * PUT the member's two values through the outbox. A refusal changes nothing (contract: the
 * previous values stay); a save that has to wait shows at once and is sent later.
 */
export async function saveUserDateTimePreferences(guid: string, preferences: DateTimePreferences): Promise<SaveResult> {
  const outcome = await submitWrite({ label: 'WriteSavePreferences', kind: userPreferencesKind, method: 'PUT', path: preferencesPath(guid), body: settingsFromPreferences(preferences) });
  if (outcome.state === 'failed') return { ok: false, status: outcome.failure.status };
  loadedFor = guid;
  appStore.set(dateTimePreferencesAtom, { ...preferences });
  return { ok: true, queued: outcome.state === 'queued' };
}

// A waiting save the platform refused in the end: show the member's values as the platform has them.
onWriteSettled(userPreferencesKind, (_write, outcome) => {
  if (outcome === 'failed') void loadUserDateTimePreferences(appStore.get(sessionAtom).claims);
});
onWriteSettled(organisationPreferencesKind, () => {
  void loadUserDateTimePreferences(appStore.get(sessionAtom).claims);
});

async function readOrganisationSetting(key: 'dateFormat' | 'timeFormat'): Promise<UiSetting | null> {
  try {
    const response = await apiFetch(`${organisationPath}?${new URLSearchParams({ key })}`);
    const setting = await parsed(response, uiSettingSchema);
    return setting?.key === key ? setting : null;
  } catch {
    return null;
  }
}

/** GET ?key=dateFormat and ?key=timeFormat; a failed key takes its contract default. */
export async function loadOrganisationDateTimeDefaults(): Promise<DateTimePreferences> {
  const settings = await Promise.all(uiSettingKeys.map(readOrganisationSetting));
  const defaults = preferencesFromSettings(settings.filter((s): s is UiSetting => s !== null));
  appStore.set(organisationDateTimeAtom, defaults);
  return defaults;
}

/**
 * PUT the organisation defaults (UiSettingsEdit). On success the member's effective values are
 * read again: a key the member never set follows the organisation.
 */
export async function saveOrganisationDateTimeDefaults(preferences: DateTimePreferences, claims: { guid: string } | null): Promise<SaveResult> {
  const outcome = await submitWrite({ label: 'WriteSaveOrganisationDefaults', kind: organisationPreferencesKind, method: 'PUT', path: organisationPath, body: settingsFromPreferences(preferences) });
  if (outcome.state === 'failed') return { ok: false, status: outcome.failure.status };
  appStore.set(organisationDateTimeAtom, { ...preferences });
  if (outcome.state === 'sent') await loadUserDateTimePreferences(claims);
  return { ok: true, queued: outcome.state === 'queued' };
}
