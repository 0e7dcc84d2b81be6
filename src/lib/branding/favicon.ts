import { isImageData } from './imageData';

/**
 * SPEC §5 favicon rule: a data URL needs ;base64; any other value needs a file extension of at
 * most 4 characters (.ico, .png, .svg, .webp). Anything else is refused and the default icon stays.
 */
export interface FaviconLink {
  href: string;
  /** The MIME type when it is known (data URL, or a well-known extension). */
  type: string | null;
}

const typesByExtension: Readonly<Record<string, string>> = {
  ico: 'image/x-icon',
  png: 'image/png',
  svg: 'image/svg+xml',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

function pathOf(value: string): string {
  // Query and fragment do not count: /favicon.ico?v=2 still ends in .ico.
  return value.split(/[?#]/, 1)[0] ?? '';
}

export function faviconLink(value: unknown): FaviconLink | null {
  if (typeof value !== 'string' || value === '') return null;
  if (/^data:/i.test(value)) {
    if (!/;base64,/i.test(value) || !isImageData(value)) return null;
    return { href: value, type: /^data:([^;,]+)/.exec(value)?.[1] ?? null };
  }
  if (!isImageData(value)) return null;
  const extension = /\.([A-Za-z0-9]{1,4})$/.exec(pathOf(value).replace(/^https?:\/\/[^/]*/i, ''))?.[1];
  if (!extension) return null;
  return { href: value, type: typesByExtension[extension.toLowerCase()] ?? null };
}
