// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage/keys';
import { captureWarmUp, forgetWarmUp, keepWarmUp, readWarmUp, warmUp } from './warmUp';

const styles = ['/assets/signed-in-shared-Bbg.css', '/assets/signed-in-C1z.css'];
const svgLogo = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

function showBar(name = 'Ada Admin'): HTMLElement {
  document.body.innerHTML = `
    <style>.name { font-weight: 600; font-size: 14px; } .tenant { font-size: 12px; } .menu { font-size: 20px; } time { font-size: 30px; }</style>
    <header class="bar">
      <img src="${svgLogo}" alt="">
      <span class="tenant">Acme Corp</span><span class="tenant">Acme Home</span>
      <span><strong class="name">${name}</strong></span>
      <div class="menu" hidden>Sign out</div>
      <time>12:00</time>
    </header>`;
  return document.querySelector('header')!;
}

describe('the warm-up note of the kept bar', () => {
  afterEach(() => {
    forgetWarmUp();
    vi.restoreAllMocks();
  });

  it('names each font the shown text uses once, in document order, and the SVG logo; hidden and left-out parts do not count', () => {
    const note = captureWarmUp(showBar(), ['[hidden]', 'time'], styles);
    expect(note.fonts).toHaveLength(2);
    expect(note.fonts[0]).toMatch(/^12px /);
    expect(note.fonts[1]).toMatch(/^600 14px /);
    expect(note).toMatchObject({ arabic: false, svgImage: true });
  });

  it('names the kept stylesheets, only the build\'s own same-origin ones', () => {
    const note = captureWarmUp(showBar(), ['[hidden]', 'time'], [...styles, 'https://evil.test/x.css', '/assets/../x.css', '/other/a.css']);
    expect(note.styles).toEqual(styles);
  });

  it('says when the bar has Arabic text, and nothing of the text itself', () => {
    const note = captureWarmUp(showBar('آدا'), ['[hidden]', 'time'], styles);
    expect(note.arabic).toBe(true);
    expect(JSON.stringify(note)).not.toMatch(/Ada|Acme|آدا/);
  });

  it('is read back as kept, and gone once forgotten', () => {
    const note = captureWarmUp(showBar(), ['[hidden]', 'time'], styles);
    keepWarmUp(note);
    // The stylesheets are the first script's to read (stylesheetLinks.test.ts).
    expect(readWarmUp()).toEqual({ fonts: note.fonts, arabic: note.arabic, svgImage: note.svgImage });
    forgetWarmUp();
    expect(readWarmUp()).toBeNull();
  });

  it.each([
    ['broken JSON', '{"fonts": ['],
    ['null', 'null'],
    ['an array', '[1, 2]'],
    ['fonts not a list', '{"fonts": "12px serif", "arabic": false, "svgImage": false}'],
    ['flags missing', '{"fonts": []}'],
  ])('a corrupt note (%s) is no note', (_, stored) => {
    localStorage.setItem(storageKeys.chromeWarmUp, stored);
    expect(readWarmUp()).toBeNull();
  });

  it('keeps only short font strings, at most sixteen', () => {
    const fonts = ['12px serif', 5, 'x'.repeat(300), ...Array.from({ length: 20 }, (_, i) => `${i + 1}px serif`)];
    localStorage.setItem(storageKeys.chromeWarmUp, JSON.stringify({ fonts, arabic: false, svgImage: false }));
    const note = readWarmUp()!;
    expect(note.fonts).toHaveLength(16);
    expect(note.fonts[0]).toBe('12px serif');
    expect(note.fonts.every((font) => font.length < 20)).toBe(true);
  });

  it('measures text in each font (Arabic too when the bar has it) and loads one SVG image', () => {
    const measured: [string, string][] = [];
    const context = { font: '', measureText: (text: string) => measured.push([context.font, text]) };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    const sources: string[] = [];
    vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation((value: string) => void sources.push(value));
    warmUp({ fonts: ['600 14px system-ui', '12px system-ui'], arabic: true, svgImage: true });
    expect(measured.map(([font]) => font)).toEqual(['600 14px system-ui', '12px system-ui']);
    expect(measured[0]![1]).toMatch(/A.*[\u0600-\u06ff]/);
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('does nothing without fonts or an SVG image', () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    const src = vi.spyOn(HTMLImageElement.prototype, 'src', 'set');
    warmUp({ fonts: [], arabic: false, svgImage: false });
    expect(getContext).not.toHaveBeenCalled();
    expect(src).not.toHaveBeenCalled();
  });
});
