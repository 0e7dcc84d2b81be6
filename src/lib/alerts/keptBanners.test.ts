// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../storage/keys';
import type { AlertBanner } from './alertSchemas';
import { keepBanners, keptBanners } from './keptBanners';

const banner = (id: string): AlertBanner => ({ alertScheduleId: id, alertType: 'Release', bannerMessage: { message: `<b>${id}</b>` }, dismissible: true });

describe('keptBanners', () => {
  beforeEach(() => localStorage.clear());

  it('gives the kept banners back to the same member, tenant and language only', () => {
    keepBanners('u1:t1', 'en-us', [banner('a'), banner('b')]);
    expect(keptBanners('u1:t1', 'EN-us').map((b) => b.alertScheduleId)).toEqual(['a', 'b']);
    expect(keptBanners('u2:t1', 'en-us')).toEqual([]);
    expect(keptBanners('u1:t2', 'en-us')).toEqual([]);
    expect(keptBanners('u1:t1', 'de-de')).toEqual([]);
  });

  it('gives nothing for a broken entry, and drops a banner off the contract alone', () => {
    for (const raw of ['{', 'null', '[]', JSON.stringify({ scopeKey: 'u1:t1', language: 'en-us', banners: 'x' })]) {
      localStorage.setItem(storageKeys.keptBanners, raw);
      expect(keptBanners('u1:t1', 'en-us')).toEqual([]);
    }
    localStorage.setItem(storageKeys.keptBanners, JSON.stringify({ scopeKey: 'u1:t1', language: 'en-us', banners: [banner('a'), { alertScheduleId: 1 }] }));
    expect(keptBanners('u1:t1', 'en-us').map((b) => b.alertScheduleId)).toEqual(['a']);
  });
});
