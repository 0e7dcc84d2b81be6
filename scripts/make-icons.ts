/**
 * Generates the PWA icons and the default brand assets into public/ (run: `npx tsx scripts/make-icons.ts`).
 *
 * No image dependencies: shapes are rasterised here with 4×4 supersampling and written as 8-bit RGBA PNGs
 * (zlib deflate + CRC32 from node:zlib). The same geometry drives the SVGs, so the raster icons, the SVG
 * favicon and the default logo (SPEC §3 Branding: "a default logo asset exists") show one mark: a deep-teal
 * shield with a white check.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

type Rgba = readonly [number, number, number, number];
type Point = readonly [number, number];

const TEAL: Rgba = [0x0f, 0x5e, 0x6e, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const TEAL_HEX = '#0F5E6E';

// ---------------------------------------------------------------- geometry (100 × 100 design box)

/** Shield outline: rounded top corners, straight sides, curved taper to a point at the bottom. */
const SHIELD_PATH = 'M20 8H80Q90 8 90 18V46C90 70 72 84 50 94C28 84 10 70 10 46V18Q10 8 20 8Z';
/** Check mark centre line; drawn with a round-capped, round-joined stroke. */
const CHECK_POINTS: readonly Point[] = [
  [30, 50],
  [45, 65],
  [71, 37],
];
const CHECK_WIDTH = 10;

function quad(p0: Point, p1: Point, p2: Point, steps: number): Point[] {
  const out: Point[] = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push([u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]]);
  }
  return out;
}

function cubic(p0: Point, p1: Point, p2: Point, p3: Point, steps: number): Point[] {
  const out: Point[] = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    out.push([a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]]);
  }
  return out;
}

/** The shield path above, flattened to a polygon (kept in step with SHIELD_PATH by hand). */
const SHIELD_POLYGON: readonly Point[] = [
  [20, 8],
  [80, 8],
  ...quad([80, 8], [90, 8], [90, 18], 12),
  [90, 46],
  ...cubic([90, 46], [90, 70], [72, 84], [50, 94], 32),
  ...cubic([50, 94], [28, 84], [10, 70], [10, 46], 32),
  [10, 18],
  ...quad([10, 18], [10, 8], [20, 8], 12),
];

/** Sorted x positions where a horizontal line at y crosses the polygon's edges (even-odd rule). */
function polygonCrossings(polygon: readonly Point[], y: number): number[] {
  const xs: number[] = [];
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] as Point;
    const [xj, yj] = polygon[j] as Point;
    if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
  }
  return xs.sort((a, b) => a - b);
}

function insideCrossings(xs: readonly number[], x: number): boolean {
  let inside = false;
  for (const crossing of xs) {
    if (crossing > x) break;
    inside = !inside;
  }
  return inside;
}

function distanceToSegment(x: number, y: number, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
}

function onPolyline(points: readonly Point[], halfWidth: number, x: number, y: number): boolean {
  for (let i = 1; i < points.length; i++) {
    if (distanceToSegment(x, y, points[i - 1] as Point, points[i] as Point) <= halfWidth) return true;
  }
  return false;
}

// ---------------------------------------------------------------- rasteriser

/**
 * A layer: the colour it paints and its shape as a point test in design-box coordinates, prepared once
 * per sample row (so the polygon's edge crossings are computed per row, not per sample).
 */
interface Layer {
  readonly color: Rgba;
  readonly row: (y: number) => (x: number) => boolean;
}

interface MarkOptions {
  /** Canvas size in pixels (square). */
  readonly size: number;
  /** Fill the whole canvas with this colour first (maskable / opaque icons). */
  readonly background?: Rgba;
  /** Side of the 100-unit design box as a fraction of the canvas, centred. */
  readonly scale: number;
  readonly shieldColor: Rgba;
  readonly checkColor: Rgba;
}

const SAMPLES = 4;

function renderMark(options: MarkOptions): Uint8Array {
  const { size, scale } = options;
  const unitsPerPixel = 100 / (size * scale);
  const offset = (size - size * scale) / 2;
  const layers: Layer[] = [
    {
      color: options.shieldColor,
      row: (y) => {
        const xs = polygonCrossings(SHIELD_POLYGON, y);
        return (x) => insideCrossings(xs, x);
      },
    },
    { color: options.checkColor, row: (y) => (x) => onPolyline(CHECK_POINTS, CHECK_WIDTH / 2, x, y) },
  ];
  // Coverage (0..1) of each layer per pixel.
  const coverages = layers.map((layer) => {
    const coverage = new Float32Array(size * size);
    for (let py = 0; py < size; py++) {
      const hits = new Uint8Array(size);
      for (let sy = 0; sy < SAMPLES; sy++) {
        const test = layer.row((py + (sy + 0.5) / SAMPLES - offset) * unitsPerPixel);
        for (let px = 0; px < size; px++) {
          for (let sx = 0; sx < SAMPLES; sx++) {
            if (test((px + (sx + 0.5) / SAMPLES - offset) * unitsPerPixel)) hits[px] = (hits[px] ?? 0) + 1;
          }
        }
      }
      for (let px = 0; px < size; px++) coverage[py * size + px] = (hits[px] ?? 0) / (SAMPLES * SAMPLES);
    }
    return coverage;
  });
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      // Premultiplied accumulation, composited "over" layer by layer.
      let [r, g, b, a] = options.background
        ? [options.background[0] / 255, options.background[1] / 255, options.background[2] / 255, 1]
        : [0, 0, 0, 0];
      for (let index = 0; index < layers.length; index++) {
        const color = (layers[index] as Layer).color;
        const coverage = ((coverages[index] as Float32Array)[py * size + px] ?? 0) * (color[3] / 255);
        if (coverage === 0) continue;
        r = (color[0] / 255) * coverage + r * (1 - coverage);
        g = (color[1] / 255) * coverage + g * (1 - coverage);
        b = (color[2] / 255) * coverage + b * (1 - coverage);
        a = coverage + a * (1 - coverage);
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        pixels[i] = Math.round((r / a) * 255);
        pixels[i + 1] = Math.round((g / a) * 255);
        pixels[i + 2] = Math.round((b / a) * 255);
      }
      pixels[i + 3] = Math.round(a * 255);
    }
  }
  return pixels;
}

// ---------------------------------------------------------------- PNG encoder

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** 8-bit RGBA, non-interlaced, filter type 0 on every row. */
function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new Error('pixel buffer does not match the image size');
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: truecolour with alpha
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // interlace: none
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

// ---------------------------------------------------------------- SVG

const CHECK_SVG_POINTS = CHECK_POINTS.map(([x, y]) => `${x} ${y}`).join('L');

function markSvgElements(): string {
  return (
    `<path fill="${TEAL_HEX}" d="${SHIELD_PATH}"/>` +
    `<path fill="none" stroke="#FFFFFF" stroke-width="${CHECK_WIDTH}" stroke-linecap="round" stroke-linejoin="round" d="M${CHECK_SVG_POINTS}"/>`
  );
}

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${markSvgElements()}</svg>\n`;

const DEFAULT_LOGO_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40" role="img" aria-labelledby="default-logo-title">',
  '  <title id="default-logo-title">trust-shell</title>',
  `  <g transform="translate(0 0) scale(0.4)">${markSvgElements()}</g>`,
  '  <text x="46" y="26.5" fill="#1F2A30" font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, \'Helvetica Neue\', Arial, sans-serif" font-size="19" font-weight="600" letter-spacing="-0.2">trust-shell</text>',
  '</svg>',
  '',
].join('\n');

// ---------------------------------------------------------------- outputs

interface PngIcon {
  readonly file: string;
  readonly options: MarkOptions;
}

const pngIcons: readonly PngIcon[] = [
  // "any" purpose: the shield on transparent with a small margin.
  { file: 'icons/icon-192.png', options: { size: 192, scale: 0.94, shieldColor: TEAL, checkColor: WHITE } },
  { file: 'icons/icon-512.png', options: { size: 512, scale: 0.94, shieldColor: TEAL, checkColor: WHITE } },
  { file: 'icons/favicon-32.png', options: { size: 32, scale: 1.04, shieldColor: TEAL, checkColor: WHITE } },
  // Maskable: full-bleed teal; a white shield with a teal check inside the central 80 % safe circle
  // (radius 0.4 of the side; the shield's farthest point, near its top corners, is 54 design units from
  // the centre, i.e. 0.37 of the side at scale 0.68).
  {
    file: 'icons/maskable-512.png',
    options: { size: 512, scale: 0.68, background: TEAL, shieldColor: WHITE, checkColor: TEAL },
  },
  // Apple touch icon: opaque (iOS fills transparency with black) and rounded by the system.
  {
    file: 'icons/apple-touch-icon-180.png',
    options: { size: 180, scale: 0.66, background: TEAL, shieldColor: WHITE, checkColor: TEAL },
  },
];

function write(relativePath: string, content: string | Uint8Array): void {
  const path = join(publicDir, relativePath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  console.log(`wrote public/${relativePath} (${typeof content === 'string' ? Buffer.byteLength(content) : content.length} bytes)`);
}

function main(): void {
  for (const { file, options } of pngIcons) {
    write(file, encodePng(options.size, options.size, renderMark(options)));
  }
  write('favicon.svg', FAVICON_SVG);
  write('brand/default-logo.svg', DEFAULT_LOGO_SVG);
}

main();
