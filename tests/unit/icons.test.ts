import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// The PWA icons and default brand assets that scripts/make-icons.ts writes into public/.
const publicDir = fileURLToPath(new URL('../../public/', import.meta.url));

interface DecodedPng {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
  /** RGBA pixels, 4 bytes each (only for 8-bit RGBA, filter type 0 rows as the script writes them). */
  rgba: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A strict little decoder: checks the signature, chunk CRCs and chunk order, then unfilters the rows. */
function decodePng(bytes: Buffer): DecodedPng {
  expect([...bytes.subarray(0, 8)]).toEqual(SIGNATURE);
  const types: string[] = [];
  const idat: Buffer[] = [];
  let header: Omit<DecodedPng, 'rgba'> | undefined;
  let offset = 8;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = bytes.readUInt32BE(offset + 8 + length);
    expect(crc, `CRC of ${type}`).toBe(crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0);
    types.push(type);
    if (type === 'IHDR') {
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitDepth: data[8] ?? -1,
        colorType: data[9] ?? -1,
        interlace: data[12] ?? -1,
      };
    } else if (type === 'IDAT') {
      idat.push(data);
    }
    offset += 12 + length;
  }
  expect(types[0]).toBe('IHDR');
  expect(types.at(-1)).toBe('IEND');
  expect(offset).toBe(bytes.length);
  if (header === undefined) throw new Error('no IHDR');
  const stride = header.width * 4;
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe((stride + 1) * header.height);
  const rgba = new Uint8Array(stride * header.height);
  for (let y = 0; y < header.height; y++) {
    expect(raw[y * (stride + 1)], `filter type of row ${y}`).toBe(0);
    rgba.set(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), y * stride);
  }
  return { ...header, rgba };
}

function pixel(png: DecodedPng, x: number, y: number): number[] {
  const i = (y * png.width + x) * 4;
  return [...png.rgba.subarray(i, i + 4)];
}

const TEAL = [0x0f, 0x5e, 0x6e, 255];
const WHITE = [255, 255, 255, 255];

const icons = [
  { file: 'icons/icon-192.png', size: 192, opaque: false },
  { file: 'icons/icon-512.png', size: 512, opaque: false },
  { file: 'icons/favicon-32.png', size: 32, opaque: false },
  { file: 'icons/maskable-512.png', size: 512, opaque: true },
  { file: 'icons/apple-touch-icon-180.png', size: 180, opaque: true },
] as const;

describe('PWA icons', () => {
  it.each(icons)('$file is a valid $size×$size 8-bit RGBA PNG', ({ file, size }) => {
    const png = decodePng(readFileSync(join(publicDir, file)));
    expect({ width: png.width, height: png.height, bitDepth: png.bitDepth, colorType: png.colorType, interlace: png.interlace }).toEqual({
      width: size,
      height: size,
      bitDepth: 8,
      colorType: 6,
      interlace: 0,
    });
  });

  it.each(icons.filter((icon) => !icon.opaque))('$file is a teal mark on a transparent background', ({ file, size }) => {
    const png = decodePng(readFileSync(join(publicDir, file)));
    expect(pixel(png, 0, 0)[3]).toBe(0);
    expect(pixel(png, size - 1, size - 1)[3]).toBe(0);
    // Left of centre, above the check: inside the shield.
    expect(pixel(png, Math.round(size * 0.3), Math.round(size * 0.3))).toEqual(TEAL);
  });

  it.each(icons.filter((icon) => icon.opaque))('$file is opaque with a full-bleed teal background', ({ file, size }) => {
    const png = decodePng(readFileSync(join(publicDir, file)));
    for (let i = 3; i < png.rgba.length; i += 4) {
      if (png.rgba[i] !== 255) throw new Error(`transparent pixel at ${(i - 3) / 4}`);
    }
    expect(pixel(png, 0, 0)).toEqual(TEAL);
    expect(pixel(png, size - 1, size - 1)).toEqual(TEAL);
  });

  it('maskable-512.png keeps the mark inside the central 80 % safe zone', () => {
    const png = decodePng(readFileSync(join(publicDir, 'icons/maskable-512.png')));
    const centre = (png.width - 1) / 2;
    const radius = png.width * 0.4;
    let markPixels = 0;
    // Collected and asserted once: an expect per pixel made this test take seconds of CPU.
    const outside: string[] = [];
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const i = (y * png.width + x) * 4;
        const teal = TEAL.every((v, k) => png.rgba[i + k] === v);
        if (teal) continue;
        markPixels++;
        if (Math.hypot(x - centre, y - centre) >= radius) outside.push(`${x},${y}`);
      }
    }
    expect(outside).toEqual([]);
    expect(markPixels).toBeGreaterThan(png.width * png.height * 0.1);
    // The white shield shows around the centre.
    expect(pixel(png, Math.round(png.width * 0.35), Math.round(png.width * 0.35))).toEqual(WHITE);
  });
});

describe('SVG brand assets', () => {
  it('favicon.svg is an SVG of the teal mark', () => {
    const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 100 100">/);
    expect(svg).toContain('fill="#0F5E6E"');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });

  it('brand/default-logo.svg is an accessible 160×40 logo', () => {
    const svg = readFileSync(join(publicDir, 'brand/default-logo.svg'), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 160 40"/);
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toMatch(/^<svg [^>]*aria-labelledby="default-logo-title"/);
    expect(svg).toContain('<title id="default-logo-title">trust-shell</title>');
    expect(svg).toContain('>trust-shell</text>');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
});
