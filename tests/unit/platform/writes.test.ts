// Writes: persistence, closed-body validation with field paths, Idempotency-Key replays.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, BenchmarkingNotification, MaintenanceAlert, ToolSettingList, UiSetting, UserToolPreferences } from './contract.ts';
import { api, claims, control, signIn, startPlatform, type Harness } from './harness.ts';

let h: Harness;
let token: string;
let guid: string;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h.close());
beforeEach(async () => {
  await control(h.base, 'POST', 'reset');
  token = (await signIn(h.base, 'admin@acme.test')).access_token;
  guid = String(claims(token).guid);
});

const prefsPath = (id: string): string => `/api/globalization/v1/ui-settings/user/${id}/preferences`;

async function fieldOf(res: Response): Promise<string | null | undefined> {
  expect(res.status).toBe(400);
  const body = ApiError.parse(await res.json());
  expect(body.code).toBe('VALIDATION_ERROR');
  return body.field;
}

describe('date/time preferences', () => {
  it('reads defaults, saves the user values and answers them in request order', async () => {
    const read = async (): Promise<unknown> => (await api(h.base, prefsPath(guid), { token, json: ['timeFormat', 'dateFormat'] })).json();
    expect(await read()).toEqual([
      { key: 'timeFormat', value: '12Hour' },
      { key: 'dateFormat', value: 'MM/DD/YYYY' },
    ]);
    const save = await api(h.base, prefsPath(guid), { token, method: 'PUT', json: [{ key: 'timeFormat', value: '24Hour' }, { key: 'dateFormat', value: 'DD/MM/YYYY' }] });
    expect(save.status).toBe(204);
    const values = (await read()) as unknown[];
    expect(values.map((v) => UiSetting.parse(v).value)).toEqual(['24Hour', 'DD/MM/YYYY']);
  });

  it('names the offending field, and refuses another user\u2019s guid with 403', async () => {
    expect(await fieldOf(await api(h.base, prefsPath(guid), { token, method: 'PUT', json: [{ key: 'dateFormat', value: 'D/M/Y' }, { key: 'timeFormat', value: '24Hour' }] }))).toBe('0.value');
    expect(await fieldOf(await api(h.base, prefsPath(guid), { token, method: 'PUT', json: [{ key: 'dateFormat', value: 'DD/MM/YYYY', colour: 'x' }, { key: 'timeFormat', value: '24Hour' }] }))).toBe('0.colour');
    expect(await fieldOf(await api(h.base, prefsPath(guid), { token, method: 'PUT', json: [{ key: 'dateFormat', value: 'DD/MM/YYYY' }] }))).toBe('body');
    const other = await api(h.base, prefsPath('5d0a8c1e-7b1f-4c1e-9a53-3f1d2b6f0a11'), { token, json: ['dateFormat'] });
    expect(other.status).toBe(403);
  });

  it('saves organisation defaults that users without their own value then get', async () => {
    const res = await api(h.base, '/api/globalization/v1/ui-settings', { token, method: 'PUT', json: [{ key: 'dateFormat', value: 'YYYY-MM-DD' }, { key: 'timeFormat', value: 'DoNotDisplay' }] });
    expect(res.status).toBe(204);
    expect(UiSetting.parse(await (await api(h.base, '/api/globalization/v1/ui-settings?key=dateFormat', { token })).json()).value).toBe('YYYY-MM-DD');
    expect(await fieldOf(await api(h.base, '/api/globalization/v1/ui-settings?key=colour', { token }))).toBe('key');
    const arabic = (await signIn(h.base, 'arabic@acme.test')).access_token;
    const init = (await (await api(h.base, '/api/global-state/v1/init', { token: arabic })).json()) as { settings: { TimeFormat: { value: string } } };
    expect(init.settings.TimeFormat.value).toBe('DoNotDisplay');
  });

  it('refuses malformed JSON and a body that is not JSON', async () => {
    const broken = await fetch(`${h.base}${prefsPath(guid)}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '[{"key":' });
    expect(await fieldOf(broken)).toBe('body');
    const plain = await fetch(`${h.base}${prefsPath(guid)}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: '[]' });
    expect(await fieldOf(plain)).toBe('body');
  });
});

describe('tool settings', () => {
  it('keeps one store behind both routes', async () => {
    const prefs = UserToolPreferences.parse(await (await api(h.base, '/api/access/v1/tool-settings/user-preferences', { token })).json());
    expect(prefs).toEqual({ UserFeedback: true, UserGuidance: true, ProductImprovements: false, ProductImprovementsNotification: true });
    const put = await api(h.base, '/api/access/v1/tool-settings/user', { token, method: 'PUT', json: [{ toolName: 'ProductImprovements', enabled: true }] });
    expect(put.status).toBe(204);
    const list = ToolSettingList.parse(await (await api(h.base, '/api/access/v1/tool-settings/user', { token })).json());
    expect(list.map((s) => s.toolName)).toEqual(['UserFeedback', 'UserGuidance', 'ProductImprovements', 'ProductImprovementsNotification']);
    expect(list[2]?.enabled).toBe(true);
    expect(await fieldOf(await api(h.base, '/api/access/v1/tool-settings/user', { token, method: 'PUT', json: [{ toolName: 'UserGuidance', enabled: true }, { toolName: 'UserGuidance', enabled: false }] }))).toBe('1.toolName');
    expect(await fieldOf(await api(h.base, '/api/access/v1/tool-settings/user-preferences', { token, method: 'PUT', json: { ...prefs, UserFeedback: 'yes' } }))).toBe('UserFeedback');
  });
});

describe('alerts and benchmarking', () => {
  it('stops announcing an acknowledged maintenance schedule; unknown ids are 404', async () => {
    const first = await api(h.base, '/api/alert/v1/alerts/maintenance/immediate', { token });
    const alert = MaintenanceAlert.parse(await first.json());
    expect((await api(h.base, '/api/alert/v1/schedules/5d0a8c1e-7b1f-4c1e-9a53-3f1d2b6f0a11/acknowledge', { token, method: 'POST' })).status).toBe(404);
    expect(await fieldOf(await api(h.base, '/api/alert/v1/schedules/not-a-uuid/acknowledge', { token, method: 'POST' }))).toBe('id');
    expect((await api(h.base, `/api/alert/v1/schedules/${alert.alertScheduleId}/acknowledge`, { token, method: 'POST' })).status).toBe(204);
    expect((await api(h.base, '/api/alert/v1/alerts/maintenance/immediate', { token })).status).toBe(204);
  });

  it('answers the saved benchmarking status', async () => {
    const current = BenchmarkingNotification.parse(await (await api(h.base, '/api/benchmarking/v1/notification/HOME_PAGE', { token })).json());
    expect(current.notificationStatus).toBe(true);
    const saved = await api(h.base, '/api/benchmarking/v1/notification', { token, method: 'PUT', json: { ...current, notificationStatus: false } });
    expect(saved.status).toBe(204);
    expect(BenchmarkingNotification.parse(await (await api(h.base, '/api/benchmarking/v1/notification/HOME_PAGE', { token })).json()).notificationStatus).toBe(false);
    expect((await api(h.base, '/api/benchmarking/v1/notification', { token, method: 'PUT', json: { ...current, messageId: 'Other' } })).status).toBe(404);
  });
});

describe('sales cases', () => {
  const contact = { caseType: 'FREE_USER_CONTACT_SALES', caseParams: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', url: 'http://localhost:4173/mfe-host/home' } };

  it('validates by case type and names the field', async () => {
    expect((await api(h.base, '/api/salesops/v1/cases', { token, json: contact })).status).toBe(204);
    expect(await fieldOf(await api(h.base, '/api/salesops/v1/cases', { token, json: { ...contact, caseParams: { ...contact.caseParams, url: 'x'.repeat(256) } } }))).toBe('caseParams.url');
    expect(await fieldOf(await api(h.base, '/api/salesops/v1/cases', { token, json: { ...contact, caseParams: { ...contact.caseParams, firstName: '   ' } } }))).toBe('caseParams.firstName');
    expect(await fieldOf(await api(h.base, '/api/salesops/v1/cases', { token, json: { caseType: 'TRIAL_REQUEST', caseParams: { hacker: true } } }))).toBe('caseParams.hacker');
    expect(await fieldOf(await api(h.base, '/api/salesops/v1/cases', { token, json: { caseType: 'BRIBE', caseParams: {} } }))).toBe('caseType');
    expect((await api(h.base, '/api/salesops/v1/cases', { token, json: { caseType: 'TRIAL_REQUEST', caseParams: {} } })).status).toBe(204);
  });

  it('applies a repeated Idempotency-Key once and answers it with the first answer', async () => {
    const headers = { 'idempotency-key': 'case-1' };
    const first = await api(h.base, '/api/salesops/v1/cases', { token, json: contact, headers });
    const again = await api(h.base, '/api/salesops/v1/cases', { token, json: contact, headers });
    expect([first.status, again.status]).toEqual([204, 204]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const cases = await control<unknown[]>(h.base, 'GET', 'cases');
    expect(cases).toHaveLength(1);
    // The key is per user: another user with the same key is a new write.
    const other = (await signIn(h.base, 'free@acme.test')).access_token;
    expect((await api(h.base, '/api/salesops/v1/cases', { token: other, json: contact, headers })).status).toBe(204);
    expect(await control<unknown[]>(h.base, 'GET', 'cases')).toHaveLength(2);
  });
});
