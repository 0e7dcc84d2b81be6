import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/jotai';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { toolPreferencesAtom } from '../../lib/state/signedInState';
import type { ToolPreferences } from '../../lib/state/globalStateTypes';
import { alertBannersAtom, clearAlertBanners, finishBenchmarking, finishMaintenance, finishProductImprovements, loadAlertBanners, startupChecks } from './runChecks';

vi.mock('../../pipeline/page/apiFetch', () => ({ apiFetch: vi.fn() }));
// Writes go straight to the mocked apiFetch (the outbox has its own tests).
vi.mock('../../outbox/page/outbox', () => import('../../outbox/page/directOutbox.testSupport'));
const api = vi.mocked(apiFetch);

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const id = '5d0a8c1e-7b1f-4c1e-9a53-3f1d2b6f0a11';
const maintenance = { alertScheduleId: id, maintenanceScheduleAttributes: { MaintenanceStartTime: '2024-06-01T02:00:00', MaintenanceEndTime: '2024-06-01T06:00:00' } };
const notification = { messageId: 'BenchmarkingHomePageAnnouncement', notificationStatus: true, notificationType: 'HOME_PAGE' } as const;
const prefs: ToolPreferences = { UserFeedback: true, UserGuidance: true, ProductImprovements: false, ProductImprovementsNotification: true };
const all = new Set(['MaintenanceAlertView', 'BenchmarkingMetadataView', 'AnalyticsGuidance', 'UserToolSetting']);

function answer(routes: Record<string, () => Response>) {
  api.mockImplementation((path) => {
    const route = routes[path.split('?')[0]!];
    return route ? Promise.resolve(route()) : Promise.resolve(json({ code: 'NOT_FOUND' }, 404));
  });
}

const sent = () => api.mock.calls.map(([path, init]) => `${init?.method ?? 'GET'} ${path}${init?.body ? ` ${init.body as string}` : ''}`);

beforeEach(() => {
  api.mockReset();
  clearAlertBanners();
  appStore.set(toolPreferencesAtom, null);
});

describe('the three checks', () => {
  it('run together and settle to their dialogs in display order', async () => {
    answer({ '/api/alert/v1/alerts/maintenance/immediate': () => json(maintenance), '/api/benchmarking/v1/notification/HOME_PAGE': () => json(notification) });
    const kinds = (await Promise.all(startupChecks(all, prefs))).map((m) => m?.kind ?? null);
    expect(kinds).toEqual(['maintenance', 'benchmarking', 'productImprovements']);
  });

  it('make no call without their permission', async () => {
    answer({});
    const modals = await Promise.all(startupChecks(new Set(), prefs));
    expect(modals).toEqual([null, null, null]);
    expect(api).not.toHaveBeenCalled();
  });

  it('skip a dialog whose read fails or has nothing to show, and keep the others', async () => {
    answer({
      '/api/alert/v1/alerts/maintenance/immediate': () => json({}, 503),
      '/api/benchmarking/v1/notification/HOME_PAGE': () => json({ ...notification, notificationStatus: false }),
    });
    const kinds = (await Promise.all(startupChecks(all, prefs))).map((m) => m?.kind ?? null);
    expect(kinds).toEqual([null, null, 'productImprovements']);
  });
});

describe('outcomes send exactly what SPEC §4 names', () => {
  beforeEach(() => api.mockResolvedValue(new Response(null, { status: 204 })));

  it('maintenance: acknowledge only with do-not-show-again ticked', async () => {
    await finishMaintenance(maintenance, false);
    expect(sent()).toEqual([]);
    await finishMaintenance(maintenance, true);
    expect(sent()).toEqual([`POST /api/alert/v1/schedules/${id}/acknowledge`]);
  });

  it('benchmarking: false for do-not-show-again, true for remind-later and close, nothing for learn more', async () => {
    for (const outcome of ['doNotShowAgain', 'remindMeLater', 'close', 'learnMore'] as const) await finishBenchmarking(notification, outcome);
    const body = (status: boolean) => JSON.stringify({ messageId: notification.messageId, notificationStatus: status, notificationType: 'HOME_PAGE' });
    expect(sent()).toEqual([
      `PUT /api/benchmarking/v1/notification ${body(false)}`,
      `PUT /api/benchmarking/v1/notification ${body(true)}`,
      `PUT /api/benchmarking/v1/notification ${body(true)}`,
    ]);
  });

  it('product improvements: the saved object becomes the state', async () => {
    await finishProductImprovements(prefs, 'removeGuidance');
    expect(appStore.get(toolPreferencesAtom)).toEqual({ ...prefs, ProductImprovements: false, ProductImprovementsNotification: false });
  });

  it('product improvements: a failed save changes nothing and does not throw', async () => {
    api.mockReset();
    api.mockResolvedValue(json({}, 500));
    await expect(finishProductImprovements(prefs, 'continue')).resolves.toBeUndefined();
    expect(appStore.get(toolPreferencesAtom)).toBeNull();
  });
});

describe('banners', () => {
  const list = (message: string) => [{ alertScheduleId: id, alertType: 'Info', bannerMessage: { message }, dismissible: true, displayAttributes: { attributes: { BannerColor: null } } }];

  it('a failed read shows none this run', async () => {
    appStore.set(alertBannersAtom, list('old'));
    api.mockResolvedValueOnce(json({}, 500));
    await loadAlertBanners('en-us');
    expect(appStore.get(alertBannersAtom)).toEqual([]);
  });

  it('a slower, older answer never replaces a newer one', async () => {
    let releaseFirst: (r: Response) => void = () => undefined;
    api.mockImplementationOnce(() => new Promise<Response>((resolve) => (releaseFirst = resolve)));
    api.mockResolvedValueOnce(json(list('Deutsch')));
    const first = loadAlertBanners('en-us');
    await loadAlertBanners('de-de');
    releaseFirst(json(list('English')));
    await first;
    expect(appStore.get(alertBannersAtom).map((b) => b.bannerMessage.message)).toEqual(['Deutsch']);
  });

  it('a second run in the same language (a warm start\'s revalidated state) asks no second time; a failed one is asked again', async () => {
    api.mockImplementation(() => Promise.resolve(json(list('Release'))));
    await Promise.all([loadAlertBanners('en-us'), loadAlertBanners('en-us')]);
    await loadAlertBanners('en-us');
    expect(api).toHaveBeenCalledTimes(1);
    expect(appStore.get(alertBannersAtom)).toHaveLength(1);
    await loadAlertBanners('de-de');
    expect(api).toHaveBeenCalledTimes(2);

    clearAlertBanners();
    api.mockResolvedValueOnce(json({}, 500));
    await loadAlertBanners('en-us');
    await loadAlertBanners('en-us');
    expect(api).toHaveBeenCalledTimes(4);
    expect(appStore.get(alertBannersAtom)).toHaveLength(1);
  });
});
