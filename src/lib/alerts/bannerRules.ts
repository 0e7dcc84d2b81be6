import type { AlertBanner } from './alertSchemas';

/** SPEC §3 alert banner: Error, Warning, anything else is info. */
export type BannerTone = 'error' | 'warning' | 'info';

export function bannerTone(alertType: string): BannerTone {
  if (alertType === 'Error') return 'error';
  if (alertType === 'Warning') return 'warning';
  return 'info';
}

const hexColor = /^#[0-9A-Fa-f]{6}$/;

/** BannerColor only when it is a #RRGGBB colour: a raw server string never reaches a style. */
export function bannerColor(banner: AlertBanner): string | null {
  const value = banner.displayAttributes?.attributes?.BannerColor;
  return typeof value === 'string' && hexColor.test(value) ? value : null;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #RRGGBB colour. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour for a server-chosen background: black or white, whichever contrasts more
 * (one of them always reaches 4.58:1, the square root of 21), so a custom colour never fails WCAG contrast.
 */
export function textColorOn(background: string): string {
  const dark = '#000000';
  const light = '#ffffff';
  return contrastRatio(background, dark) >= contrastRatio(background, light) ? dark : light;
}

/** The dismissed alert ids as stored; anything that is not a list of strings counts as none. */
export function parseDismissedIds(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Most recent last; old ids drop off so the stored list cannot grow without end. */
export const maxDismissedIds = 200;

export function withDismissedId(ids: readonly string[], id: string): string[] {
  return [...ids.filter((known) => known !== id), id].slice(-maxDismissedIds);
}

/**
 * SPEC §4 alert dismissal: a dismissed banner's id hides it later. Only a dismissible banner can be
 * hidden (a stored id never silences one the platform says must stay); ids compare case-insensitively.
 */
export function visibleBanners(banners: readonly AlertBanner[], dismissedIds: readonly string[]): AlertBanner[] {
  return banners.filter((b) => !(b.dismissible && isDismissed(b.alertScheduleId, dismissedIds)));
}

/** Whether `alertScheduleId` is among the dismissed ids (compared case-insensitively). */
export function isDismissed(alertScheduleId: string, dismissedIds: readonly string[]): boolean {
  const id = alertScheduleId.toLowerCase();
  return dismissedIds.some((known) => known.toLowerCase() === id);
}
