import { storageKeys } from '../../lib/storage/keys';
import { readLocal, removeLocal, writeLocal } from '../../lib/storage/localStore';
import { snapshotStylesheets } from '../core/snapshotStylesheets';

/**
 * What the kept bar's first frame would otherwise set up on the spot, prepared while the pre-paint
 * waits for IndexedDB. A fresh page looks up each font (family, size, weight) the first time text
 * uses it, and builds the machinery of SVG images the first time one shows: measured on a warm
 * start, that made the frame with the kept bar tens of milliseconds slower than the bare page's
 * (bench/startup.ts). The main thread is idle while IndexedDB answers, so the pre-paint does both
 * there, from this note of the last kept bar. The page's first script links the bar's
 * stylesheets the note names (stylesheetLinks.ts): asked for only once IndexedDB had answered,
 * their load delayed the frame further.
 *
 * The note says nothing about the member (fonts, whether there is an SVG image, the build's
 * stylesheets), and sits in local storage because the pre-paint needs it before any IndexedDB
 * answer. It is only a hint: a missing, stale or corrupt note costs the start those milliseconds,
 * nothing else.
 */
export interface WarmUp {
  /** The bar's distinct CSS fonts (`getComputedStyle(element).font`), in document order. */
  fonts: string[];
  /** Whether the bar has Arabic text, whose fall-back font is looked up separately. */
  arabic: boolean;
  /** Whether the bar shows an SVG image (the tenant's logo, as a data URL). */
  svgImage: boolean;
  /** The build's stylesheets the bar needs (same-origin `/assets/*.css` paths). */
  styles: string[];
}

/** What the pre-paint warms up from the note (the stylesheets are the first script's: stylesheetLinks.ts). */
export type FontWarmUp = Omit<WarmUp, 'styles'>;

const maxFonts = 16;
const maxFontLength = 256;
const arabicText = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;
const svgSource = /^data:image\/svg\+xml[;,]/;

/**
 * The warm-up note of `bar` as it is on screen, without the parts `notKept` selects (those the
 * kept copy leaves out), with the stylesheets the kept copy names.
 */
export function captureWarmUp(bar: HTMLElement, notKept: readonly string[], styles: readonly string[]): WarmUp {
  const skipped = notKept.join(', ');
  const fonts: string[] = [];
  let arabic = false;
  let svgImage = false;
  for (const element of [bar, ...bar.querySelectorAll<HTMLElement>('*')]) {
    if (element.closest(skipped)) continue;
    if (element instanceof HTMLImageElement && svgSource.test(element.getAttribute('src') ?? '')) svgImage = true;
    const text = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? '').join('');
    if (text.trim() === '') continue;
    arabic ||= arabicText.test(text);
    const font = getComputedStyle(element).font;
    if (font && !fonts.includes(font) && fonts.length < maxFonts) fonts.push(font);
  }
  return { fonts, arabic, svgImage, styles: snapshotStylesheets(styles) };
}

/** Kept quietly: a refused write loses a few milliseconds of the next start, nothing the member saved. */
export function keepWarmUp(warmUp: WarmUp): void {
  writeLocal(storageKeys.chromeWarmUp, JSON.stringify(warmUp), { quiet: true });
}

/** The last note, or null when there is none or it is not one (storage is anyone's on this origin). */
export function readWarmUp(): FontWarmUp | null {
  const stored = readLocal(storageKeys.chromeWarmUp);
  if (stored === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { fonts, arabic, svgImage } = value as Record<string, unknown>;
  if (!Array.isArray(fonts) || typeof arabic !== 'boolean' || typeof svgImage !== 'boolean') return null;
  const valid = fonts.filter((font): font is string => typeof font === 'string' && font.length <= maxFontLength).slice(0, maxFonts);
  return { fonts: valid, arabic, svgImage };
}

export function forgetWarmUp(): void {
  removeLocal(storageKeys.chromeWarmUp);
}

/** Latin and, when the bar has it, Arabic: the scripts whose fonts the bar's text resolves. */
const latinSample = 'Aa';
const arabicSample = 'بة';
/** The smallest SVG image with text: builds what every SVG image shares (its document, its fonts). */
const svgSample = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><text font-family="sans-serif">a</text></svg>')}`;

/**
 * Looks each font up (a canvas measures text in it, through the same font cache as layout) and
 * loads one SVG image. Canvas ignores a font it cannot parse, so a stale note does no harm.
 */
export function warmUp(note: FontWarmUp): void {
  const context = note.fonts.length ? document.createElement('canvas').getContext('2d') : null;
  if (context) {
    const sample = note.arabic ? latinSample + arabicSample : latinSample;
    for (const font of note.fonts) {
      context.font = font;
      context.measureText(sample);
    }
  }
  if (note.svgImage) new Image().src = svgSample;
}
