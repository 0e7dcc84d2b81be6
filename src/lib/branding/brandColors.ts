/**
 * Brand colours (SPEC §3, contract HexColor). Only a #RRGGBB value is ever written into CSS: a
 * colour is a string that ends up in a style declaration, so anything else (a name, rgb(), or
 * `red;background:url(…)`) is refused and the default #FFFFFF stands in.
 */
export const defaultBrandColor = '#FFFFFF';

const hexColor = /^#[0-9A-Fa-f]{6}$/;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && hexColor.test(value);
}

/** The colour when valid, else the default. */
export function brandColorOr(value: unknown): string {
  return isHexColor(value) ? value.toUpperCase() : defaultBrandColor;
}

function channel(hex: string): number {
  const c = parseInt(hex, 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a #RRGGBB colour. */
export function relativeLuminance(color: string): number {
  if (!hexColor.test(color)) throw new Error(`Not a #RRGGBB colour: ${color}`);
  return 0.2126 * channel(color.slice(1, 3)) + 0.7152 * channel(color.slice(3, 5)) + 0.0722 * channel(color.slice(5, 7));
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour to put on a brand colour: black or white, whichever contrasts more. One of the
 * two always reaches at least 4.58:1, so text on any brand colour passes WCAG AA.
 */
export function readableOn(color: string): '#000000' | '#FFFFFF' {
  return contrastRatio(color, '#000000') >= contrastRatio(color, '#FFFFFF') ? '#000000' : '#FFFFFF';
}
