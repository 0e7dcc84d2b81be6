import { describe, expect, it } from 'vitest';
import type { AlertBanner } from './alertSchemas';
import { bannerColor, bannerTone, contrastRatio, maxDismissedIds, parseDismissedIds, textColorOn, visibleBanners, withDismissedId } from './bannerRules';

const banner = (alertScheduleId: string, over: Partial<AlertBanner> = {}): AlertBanner => ({
  alertScheduleId,
  alertType: 'Info',
  bannerMessage: { message: 'm' },
  dismissible: true,
  displayAttributes: { attributes: { BannerColor: null } },
  ...over,
});

describe('banner kind (SPEC §3: Error, Warning, anything else info)', () => {
  it.each([
    ['Error', 'error'],
    ['Warning', 'warning'],
    ['Info', 'info'],
    ['Maintenance', 'info'],
    ['error', 'info'],
    ['', 'info'],
  ])('%j → %s', (type, tone) => {
    expect(bannerTone(type)).toBe(tone);
  });
});

describe('BannerColor (only a valid #RRGGBB)', () => {
  it.each<[unknown, string | null]>([
    ['#FFAA00', '#FFAA00'],
    ['#0b5fff', '#0b5fff'],
    [null, null],
    [undefined, null],
    ['#FFF', null],
    ['red', null],
    ['#FFAA00; background-image: url(https://evil.test/x)', null],
    ['expression(alert(1))', null],
    [0xffaa00, null],
  ])('%j → %j', (value, color) => {
    expect(bannerColor(banner('a', { displayAttributes: { attributes: { BannerColor: value } } }))).toBe(color);
  });

  it('no display attributes at all → no colour', () => {
    expect(bannerColor(banner('a', { displayAttributes: null }))).toBeNull();
  });
});

describe('text colour on a server-chosen background', () => {
  it.each(['#FFFFFF', '#000000', '#FFFF00', '#0000FF', '#777777', '#808080', '#FF0000', '#00FF00', '#0B5FFF', '#F59E0B'])(
    '%s gets a text colour with at least 4.5:1 contrast',
    (background) => {
      expect(contrastRatio(background, textColorOn(background))).toBeGreaterThanOrEqual(4.5);
    },
  );
});

describe('dismissed ids in storage', () => {
  it.each<[string | null, string[]]>([
    [null, []],
    ['', []],
    ['not json', []],
    ['{"a":1}', []],
    ['"a"', []],
    ['["a", 2, null, "b"]', ['a', 'b']],
  ])('%j → %j', (raw, ids) => {
    expect(parseDismissedIds(raw)).toEqual(ids);
  });

  it('adds an id once, most recent last, and keeps the list bounded', () => {
    expect(withDismissedId(['a', 'b'], 'a')).toEqual(['b', 'a']);
    const many = Array.from({ length: maxDismissedIds }, (_, i) => `id-${i}`);
    const next = withDismissedId(many, 'new');
    expect(next).toHaveLength(maxDismissedIds);
    expect(next.at(-1)).toBe('new');
    expect(next[0]).toBe('id-1');
  });
});

describe('visible banners (SPEC §4 alert dismissal)', () => {
  it('hides dismissed dismissible banners, case-insensitively, and keeps the server order', () => {
    const list = [banner('A-1'), banner('b-2'), banner('c-3')];
    expect(visibleBanners(list, ['a-1']).map((b) => b.alertScheduleId)).toEqual(['b-2', 'c-3']);
  });

  it('never hides a banner the platform says may not be dismissed', () => {
    expect(visibleBanners([banner('a', { dismissible: false })], ['a'])).toHaveLength(1);
  });
});
