import { describe, expect, it } from 'vitest';
import { benchmarkingNotificationSchema, isEmptyAnswer, maintenanceAlertSchema, parseBannerList } from './alertSchemas';

const id = '5d0a8c1e-7b1f-4c1e-9a53-3f1d2b6f0a11';
const banner = (over: Record<string, unknown> = {}) => ({
  alertScheduleId: id,
  alertType: 'Info',
  bannerMessage: { message: 'Release 5.3' },
  dismissible: true,
  displayAttributes: { attributes: { BannerColor: null } },
  ...over,
});

describe('maintenance alert (contract MaintenanceAlert)', () => {
  const window = { MaintenanceStartTime: '2024-06-01T02:00:00', MaintenanceEndTime: '2024-06-01T06:00:00.123' };
  it.each<[string, unknown, boolean]>([
    ['the contract example', { alertScheduleId: id, maintenanceScheduleAttributes: window }, true],
    ['a zone suffix', { alertScheduleId: id, maintenanceScheduleAttributes: { ...window, MaintenanceStartTime: '2024-06-01T02:00:00Z' } }, false],
    ['an impossible day', { alertScheduleId: id, maintenanceScheduleAttributes: { ...window, MaintenanceEndTime: '2024-02-30T02:00:00' } }, false],
    ['no schedule id', { maintenanceScheduleAttributes: window }, false],
    ['an empty schedule id', { alertScheduleId: '', maintenanceScheduleAttributes: window }, false],
    ['no attributes', { alertScheduleId: id }, false],
    ['a number for a time', { alertScheduleId: id, maintenanceScheduleAttributes: { ...window, MaintenanceStartTime: 1717207200 } }, false],
  ])('%s → valid %s', (_name, body, valid) => {
    expect(maintenanceAlertSchema.safeParse(body).success).toBe(valid);
  });
});

describe('benchmarking notification', () => {
  it.each<[string, unknown, boolean]>([
    ['status true', { messageId: 'BenchmarkingHomePageAnnouncement', notificationStatus: true, notificationType: 'HOME_PAGE' }, true],
    ['status false', { messageId: 'M', notificationStatus: false, notificationType: 'HOME_PAGE' }, true],
    ['status as text', { messageId: 'M', notificationStatus: 'true', notificationType: 'HOME_PAGE' }, false],
    ['another type', { messageId: 'M', notificationStatus: true, notificationType: 'OTHER' }, false],
    ['an empty message id', { messageId: '', notificationStatus: true, notificationType: 'HOME_PAGE' }, false],
    ['a message id over 128 characters', { messageId: 'x'.repeat(129), notificationStatus: true, notificationType: 'HOME_PAGE' }, false],
  ])('%s → valid %s', (_name, body, valid) => {
    expect(benchmarkingNotificationSchema.safeParse(body).success).toBe(valid);
  });
});

describe('banner list', () => {
  it('keeps the valid banners of a list and drops only the bad ones', () => {
    const list = parseBannerList([
      banner(),
      banner({ alertScheduleId: 42 }),
      banner({ bannerMessage: { message: null } }),
      banner({ dismissible: 'yes' }),
      banner({ alertScheduleId: 'b', alertType: 'Maintenance', displayAttributes: undefined }),
      banner({ alertScheduleId: 'c', displayAttributes: { attributes: { BannerColor: 'url(x)' } } }),
    ]);
    expect(list?.map((b) => b.alertScheduleId)).toEqual([id, 'b', 'c']);
  });

  it.each([[{}], [null], ['text'], [undefined]])('a body that is not a list (%j) is a failed read', (body) => {
    expect(parseBannerList(body)).toBeNull();
  });
});

describe('"empty means none"', () => {
  it.each<[unknown, boolean]>([
    [undefined, true],
    [null, true],
    ['', true],
    [{}, true],
    [{ alertScheduleId: id }, false],
    [[], false],
  ])('%j → empty %s', (body, empty) => {
    expect(isEmptyAnswer(body)).toBe(empty);
  });
});
