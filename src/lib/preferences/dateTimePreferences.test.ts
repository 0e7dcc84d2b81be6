import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/jotai';
import { apiFetch } from '../../pipeline/page/apiFetch';
import {
  dateTimePreferencesAtom,
  loadOrganisationDateTimeDefaults,
  loadUserDateTimePreferences,
  organisationDateTimeAtom,
  preferencesFromSettings,
  saveOrganisationDateTimeDefaults,
  saveUserDateTimePreferences,
  settingsFromPreferences,
  uiSettingListSchema,
} from './dateTimePreferences';
import { defaultDateTimePreferences } from '../datetime/format';

vi.mock('../../pipeline/page/apiFetch', () => ({ apiFetch: vi.fn() }));
// Writes go straight to the mocked apiFetch (the outbox has its own tests).
vi.mock('../../outbox/page/outbox', () => import('../../outbox/page/directOutbox.testSupport'));
const api = vi.mocked(apiFetch);

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const guid = '5d0a8c1e-7b1f-4c1e-9a53-3f1d2b6f0a11';
const member = { guid };

beforeEach(() => {
  api.mockReset();
  appStore.set(dateTimePreferencesAtom, defaultDateTimePreferences);
  appStore.set(organisationDateTimeAtom, null);
});

describe('UiSetting lists (validated at the edge)', () => {
  it.each<[string, unknown, boolean]>([
    ['the contract example', [{ key: 'dateFormat', value: 'DD/MM/YYYY' }, { key: 'timeFormat', value: '24Hour' }], true],
    ['one key', [{ key: 'timeFormat', value: 'DoNotDisplay' }], true],
    ['an unknown date format', [{ key: 'dateFormat', value: 'D/M/YY' }], false],
    ['a time value under the date key', [{ key: 'dateFormat', value: '24Hour' }], false],
    ['an unknown key', [{ key: 'theme', value: 'dark' }], false],
    ['not a list', { key: 'dateFormat', value: 'MM/DD/YYYY' }, false],
  ])('%s → valid %s', (_name, body, valid) => {
    expect(uiSettingListSchema.safeParse(body).success).toBe(valid);
  });

  it.each([
    [[{ key: 'dateFormat', value: 'YYYY-MM-DD' }, { key: 'timeFormat', value: '24Hour' }] as const, { dateFormat: 'YYYY-MM-DD', timeFormat: '24Hour' }],
    [[{ key: 'timeFormat', value: 'DoNotDisplay' }, { key: 'dateFormat', value: 'DD.MM.YYYY' }] as const, { dateFormat: 'DD.MM.YYYY', timeFormat: 'DoNotDisplay' }],
    [[{ key: 'timeFormat', value: '24Hour' }] as const, { dateFormat: 'MM/DD/YYYY', timeFormat: '24Hour' }],
    [[] as const, { dateFormat: 'MM/DD/YYYY', timeFormat: '12Hour' }],
  ])('%o → %o (a missing key takes the contract default)', (settings, preferences) => {
    expect(preferencesFromSettings(settings)).toEqual(preferences);
  });

  it('sends exactly the two entries (contract DateTimeSettingList)', () => {
    expect(settingsFromPreferences({ dateFormat: 'DD/MM/YYYY', timeFormat: 'DoNotDisplay' })).toEqual([
      { key: 'dateFormat', value: 'DD/MM/YYYY' },
      { key: 'timeFormat', value: 'DoNotDisplay' },
    ]);
  });
});

describe("the member's preferences", () => {
  it('reads them with a POST of the two keys', async () => {
    api.mockResolvedValueOnce(json([{ key: 'dateFormat', value: 'DD.MM.YYYY' }, { key: 'timeFormat', value: '24Hour' }]));
    expect(await loadUserDateTimePreferences(member)).toEqual({ dateFormat: 'DD.MM.YYYY', timeFormat: '24Hour' });
    expect(appStore.get(dateTimePreferencesAtom)).toEqual({ dateFormat: 'DD.MM.YYYY', timeFormat: '24Hour' });
    const [path, init] = api.mock.calls[0]!;
    expect(path).toBe(`/api/globalization/v1/ui-settings/user/${guid}/preferences`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual(['dateFormat', 'timeFormat']);
  });

  it.each<[string, () => Promise<Response>]>([
    ['a network error', () => Promise.reject(new TypeError('offline'))],
    ['a 500', () => Promise.resolve(json({ status: 500 }, 500))],
    ['a 403', () => Promise.resolve(json({ status: 403 }, 403))],
    ['a body off the contract', () => Promise.resolve(json([{ key: 'dateFormat', value: 'yyyy' }]))],
    ['text', () => Promise.resolve(new Response('<html>', { status: 200 }))],
  ])('takes MM/DD/YYYY and 12Hour after %s', async (_name, answer) => {
    api.mockImplementationOnce(answer);
    expect(await loadUserDateTimePreferences({ guid: '00000000-0000-4000-8000-000000000099' })).toEqual(defaultDateTimePreferences);
  });

  it('keeps the values it already knows for the same member when a later read fails', async () => {
    api.mockResolvedValueOnce(json([{ key: 'dateFormat', value: 'YYYY/MM/DD' }, { key: 'timeFormat', value: 'DoNotDisplay' }]));
    await loadUserDateTimePreferences(member);
    api.mockRejectedValueOnce(new TypeError('offline'));
    expect(await loadUserDateTimePreferences(member)).toEqual({ dateFormat: 'YYYY/MM/DD', timeFormat: 'DoNotDisplay' });
    api.mockRejectedValueOnce(new TypeError('offline'));
    expect(await loadUserDateTimePreferences({ guid: '00000000-0000-4000-8000-000000000098' })).toEqual(defaultDateTimePreferences);
  });

  it('saves with a PUT of both entries; only a success changes what is shown', async () => {
    api.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await saveUserDateTimePreferences(guid, { dateFormat: 'MM/DD/YYYY', timeFormat: '24Hour' })).toEqual({ ok: true, queued: false });
    expect(appStore.get(dateTimePreferencesAtom)).toEqual({ dateFormat: 'MM/DD/YYYY', timeFormat: '24Hour' });
    const [, init] = api.mock.calls[0]!;
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual([
      { key: 'dateFormat', value: 'MM/DD/YYYY' },
      { key: 'timeFormat', value: '24Hour' },
    ]);
  });

  it.each<[string, () => Promise<Response>, number | null]>([
    ['a 500', () => Promise.resolve(json({}, 500)), 500],
    ['a 400', () => Promise.resolve(json({}, 400)), 400],
  ])('keeps the previous values after %s', async (_name, answer, status) => {
    appStore.set(dateTimePreferencesAtom, { dateFormat: 'DD/MM/YYYY', timeFormat: '12Hour' });
    api.mockImplementationOnce(answer);
    expect(await saveUserDateTimePreferences(guid, { dateFormat: 'YYYY-MM-DD', timeFormat: '24Hour' })).toEqual({ ok: false, status });
    expect(appStore.get(dateTimePreferencesAtom)).toEqual({ dateFormat: 'DD/MM/YYYY', timeFormat: '12Hour' });
  });

  it('without a network the save waits in the outbox and shows at once', async () => {
    appStore.set(dateTimePreferencesAtom, { dateFormat: 'DD/MM/YYYY', timeFormat: '12Hour' });
    api.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    expect(await saveUserDateTimePreferences(guid, { dateFormat: 'YYYY-MM-DD', timeFormat: '24Hour' })).toEqual({ ok: true, queued: true });
    expect(appStore.get(dateTimePreferencesAtom)).toEqual({ dateFormat: 'YYYY-MM-DD', timeFormat: '24Hour' });
  });
});

describe('the organisation defaults', () => {
  it('reads ?key=dateFormat and ?key=timeFormat; a failed key takes its default', async () => {
    api.mockImplementation((path) => {
      const key = new URL(path, 'http://x').searchParams.get('key');
      return Promise.resolve(key === 'dateFormat' ? json({ key: 'dateFormat', value: 'DD.MM.YYYY' }) : json({}, 503));
    });
    expect(await loadOrganisationDateTimeDefaults()).toEqual({ dateFormat: 'DD.MM.YYYY', timeFormat: '12Hour' });
    expect(api.mock.calls.map(([p]) => p).sort()).toEqual(['/api/globalization/v1/ui-settings?key=dateFormat', '/api/globalization/v1/ui-settings?key=timeFormat']);
  });

  it('refuses an answer for the other key', async () => {
    api.mockImplementation(() => Promise.resolve(json({ key: 'timeFormat', value: '24Hour' })));
    expect(await loadOrganisationDateTimeDefaults()).toEqual({ dateFormat: 'MM/DD/YYYY', timeFormat: '24Hour' });
  });

  it("saves with a PUT, then re-reads the member's effective values", async () => {
    api.mockResolvedValueOnce(new Response(null, { status: 204 }));
    api.mockResolvedValueOnce(json([{ key: 'dateFormat', value: 'YYYY-MM-DD' }, { key: 'timeFormat', value: '24Hour' }]));
    const result = await saveOrganisationDateTimeDefaults({ dateFormat: 'YYYY-MM-DD', timeFormat: '24Hour' }, member);
    expect(result).toEqual({ ok: true, queued: false });
    expect(api.mock.calls[0]![0]).toBe('/api/globalization/v1/ui-settings');
    expect(api.mock.calls[0]![1]?.method).toBe('PUT');
    expect(appStore.get(organisationDateTimeAtom)).toEqual({ dateFormat: 'YYYY-MM-DD', timeFormat: '24Hour' });
    expect(appStore.get(dateTimePreferencesAtom)).toEqual({ dateFormat: 'YYYY-MM-DD', timeFormat: '24Hour' });
  });

  it('changes nothing when the PUT is refused (403 without UiSettingsEdit)', async () => {
    appStore.set(organisationDateTimeAtom, { dateFormat: 'MM/DD/YYYY', timeFormat: '12Hour' });
    api.mockResolvedValueOnce(json({ status: 403 }, 403));
    expect(await saveOrganisationDateTimeDefaults({ dateFormat: 'YYYY-MM-DD', timeFormat: '24Hour' }, member)).toEqual({ ok: false, status: 403 });
    expect(appStore.get(organisationDateTimeAtom)).toEqual({ dateFormat: 'MM/DD/YYYY', timeFormat: '12Hour' });
    expect(api).toHaveBeenCalledTimes(1);
  });
});
