import { describe, expect, it } from 'vitest';
import { brandColorOr, contrastRatio, defaultBrandColor, isHexColor, readableOn, relativeLuminance } from './brandColors';

describe('brand colours (contract HexColor, default #FFFFFF)', () => {
  it.each<[unknown, boolean]>([
    ['#0B5FFF', true],
    ['#0b5fff', true],
    ['#FFFFFF', true],
    ['#FFF', false],
    ['0B5FFF', false],
    ['#0B5FFF ', false],
    ['#0B5FFG', false],
    ['red', false],
    ['rgb(0,0,0)', false],
    ['red;background:url(https://evil.test/x.png)', false],
    ['#0B5FFF;background:url(x)', false],
    ['#0B5FFF\n', false],
    [null, false],
    [undefined, false],
    [0x0b5fff, false],
  ])('%j valid: %s', (value, valid) => {
    expect(isHexColor(value)).toBe(valid);
    expect(brandColorOr(value)).toBe(valid ? String(value).toUpperCase() : defaultBrandColor);
  });

  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21);
    expect(() => relativeLuminance('red')).toThrow('Not a #RRGGBB colour: red');
  });

  it.each([
    ['#FFFFFF', '#000000'],
    ['#F59E0B', '#000000'],
    ['#0B5FFF', '#FFFFFF'],
    ['#1F2937', '#FFFFFF'],
    ['#FACC15', '#000000'],
  ])('text on %s is %s', (background, text) => {
    expect(readableOn(background)).toBe(text);
  });

  it('text on every brand colour reaches WCAG AA (4.5:1): sampled over the whole colour cube', () => {
    let worst = 21;
    for (let r = 0; r < 256; r += 15)
      for (let g = 0; g < 256; g += 15)
        for (let b = 0; b < 256; b += 15) {
          const color = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          worst = Math.min(worst, contrastRatio(color, readableOn(color)));
        }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});
