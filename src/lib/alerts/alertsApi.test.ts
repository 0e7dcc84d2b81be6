import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { acknowledgeMaintenance, fetchBanners, fetchBenchmarking, fetchMaintenance, saveBenchmarking, saveToolPreferences } from './alertsApi';

vi.mock('../../pipeline/page/apiFetch', () => ({ apiFetch: vi.fn() }));
// Writes go straight to the mocked apiFetch (the outbox has its own tests).
vi.mock('../../outbox/page/outbox', () => import('../../outbox/page/directOutbox.testSupport'));
const api = vi.mocked(apiFetch);

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const text = (body: string, status = 200) => new Response(body, { status });
const id = '5d0a8c1e-7b1f-4c1e-9a53-3f1d2b6f0a11';
const maintenance = { alertScheduleId: id, maintenanceScheduleAttributes: { MaintenanceStartTime: '2024-06-01T02:00:00', MaintenanceEndTime: '2024-06-01T06:00:00' } };
const notification = { messageId: 'BenchmarkingHomePageAnnouncement', notificationStatus: true, notificationType: 'HOME_PAGE' };

beforeEach(() => api.mockReset());

describe('reads: null is "nothing to show" (skipped for this run)', () => {
  it('banners are asked for in the given language', async () => {
    api.mockResolvedValueOnce(json([{ alertScheduleId: id, alertType: 'Warning', bannerMessage: { message: 'Hi' }, dismissible: false, displayAttributes: { attributes: { BannerColor: null } } }]));
    const banners = await fetchBanners('de-de');
    expect(api).toHaveBeenCalledWith('/api/alert/v1/alerts/banner/immediate?languageCode=de-de');
    expect(banners?.map((b) => b.alertType)).toEqual(['Warning']);
  });

  it.each<[string, () => Promise<Response>]>([
    ['a 500', () => Promise.resolve(json({ code: 'X' }, 500))],
    ['a 404', () => Promise.resolve(json({ code: 'X' }, 404))],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['HTML instead of JSON', () => Promise.resolve(text('<html>oops</html>'))],
    ['an object', () => Promise.resolve(json({ banners: [] }))],
  ])('banners: %s → null', async (_name, answer) => {
    api.mockImplementationOnce(answer);
    expect(await fetchBanners('en-us')).toBeNull();
  });

  it.each<[string, () => Response, unknown]>([
    ['an alert', () => json(maintenance), maintenance],
    ['204', () => new Response(null, { status: 204 }), null],
    ['200 with an empty body', () => text(''), null],
    ['null', () => json(null), null],
    ['{}', () => json({}), null],
    ['an alert off the contract', () => json({ ...maintenance, alertScheduleId: 7 }), null],
    ['a 403', () => json({ code: 'FORBIDDEN' }, 403), null],
  ])('maintenance: %s', async (_name, answer, expected) => {
    api.mockResolvedValueOnce(answer());
    expect(await fetchMaintenance()).toEqual(expected);
    expect(api).toHaveBeenCalledWith('/api/alert/v1/alerts/maintenance/immediate');
  });

  it.each<[string, () => Response, unknown]>([
    ['an announcement', () => json(notification), notification],
    ['204', () => new Response(null, { status: 204 }), null],
    ['a status off the contract', () => json({ ...notification, notificationStatus: 'yes' }), null],
    ['a 500', () => json({}, 500), null],
  ])('benchmarking: %s', async (_name, answer, expected) => {
    api.mockResolvedValueOnce(answer());
    expect(await fetchBenchmarking()).toEqual(expected);
    expect(api).toHaveBeenCalledWith('/api/benchmarking/v1/notification/HOME_PAGE');
  });
});

describe('writes: exactly the contract request, errors ignored', () => {
  it('acknowledge is a POST without a body, the id escaped into the path', async () => {
    api.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await acknowledgeMaintenance('a/b?c')).toBe(true);
    expect(api).toHaveBeenCalledWith('/api/alert/v1/schedules/a%2Fb%3Fc/acknowledge', { method: 'POST' });
  });

  it('benchmarking and tool preferences are JSON PUTs of the whole object', async () => {
    api.mockResolvedValue(new Response(null, { status: 204 }));
    const prefs = { UserFeedback: true, UserGuidance: true, ProductImprovements: true, ProductImprovementsNotification: false };
    await saveBenchmarking({ messageId: 'M', notificationStatus: false, notificationType: 'HOME_PAGE' });
    await saveToolPreferences(prefs);
    const [[path1, init1], [path2, init2]] = api.mock.calls as [[string, RequestInit], [string, RequestInit]];
    expect([path1, init1.method, JSON.parse(init1.body as string)]).toEqual([
      '/api/benchmarking/v1/notification',
      'PUT',
      { messageId: 'M', notificationStatus: false, notificationType: 'HOME_PAGE' },
    ]);
    expect([path2, init2.method, JSON.parse(init2.body as string)]).toEqual(['/api/access/v1/tool-settings/user-preferences', 'PUT', prefs]);
    expect(new Headers(init2.headers).get('Content-Type')).toBe('application/json');
  });

  it.each<[string, () => Promise<Response>]>([
    ['a 500', () => Promise.resolve(json({}, 500))],
    ['a 403', () => Promise.resolve(json({}, 403))],
  ])('a refused write (%s) resolves false, never throws', async (_name, answer) => {
    api.mockImplementationOnce(answer);
    await expect(saveToolPreferences({ UserFeedback: true, UserGuidance: true, ProductImprovements: true, ProductImprovementsNotification: false })).resolves.toBe(false);
  });

  it('a write the network cannot take now is kept for sending (the outbox): true', async () => {
    api.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(saveToolPreferences({ UserFeedback: true, UserGuidance: true, ProductImprovements: true, ProductImprovementsNotification: false })).resolves.toBe(true);
  });
});
