import { createReadStream, statSync, type Stats } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { textTypes } from '../build/precompress.ts';

/**
 * `vite preview` (npm start) sends the build's precompressed files as deploy/nginx does
 * (brotli_static, gzip_static): the `.br` beside a text file when the client takes brotli, else the
 * `.gz` when it takes gzip, else the file itself (Vite's own server then, which would gzip on the
 * fly at level 6, and only files of 1 KB or more, with no Vary). build/precompress writes them.
 */
export type Encoding = 'br' | 'gzip';

/** The text types the build compresses (build/precompress), as deploy/nginx types them. */
const types = textTypes;

/** The codings an Accept-Encoding header accepts (q above 0); `*` stands for any not named. */
export function acceptedEncodings(header: string | string[] | undefined): (coding: Encoding) => boolean {
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name.trim(), weight === undefined ? 1 : Number(weight) || 0);
  }
  return (coding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
}

function fileStats(path: string): Stats | null {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

export interface Precompressed {
  /** The text file the path names, inside the build. */
  file: string;
  /** What to send for the given Accept-Encoding: a sibling and its coding, or null for the file itself. */
  chosen: { path: string; encoding: Encoding; stats: Stats } | null;
  /** Whether the file has a sibling at all (then the answer varies with Accept-Encoding). */
  hasSiblings: boolean;
}

/**
 * The build's text file a request path names, and the sibling to send. Null for anything else: a
 * path that is not a text file of the build, leads out of it (`..`, encoded or not) or into a dot
 * folder (.vite), or cannot be decoded.
 */
export function precompressedFor(distDir: string, urlPath: string, acceptEncoding: string | string[] | undefined): Precompressed | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(urlPath.split('?')[0] ?? '');
  } catch {
    return null;
  }
  if (pathname === '/') pathname = '/index.html';
  if (!pathname.startsWith('/') || pathname.includes('\0') || pathname.includes('\\')) return null;
  if (pathname.split('/').some((part) => part.startsWith('.'))) return null;
  if (!types[extname(pathname).toLowerCase()]) return null;
  const root = resolve(distDir);
  const file = resolve(root, `.${pathname}`);
  if (!file.startsWith(root + sep) || !fileStats(file)) return null;
  const accepts = acceptedEncodings(acceptEncoding);
  const siblings = ([['br', `${file}.br`], ['gzip', `${file}.gz`]] as const).map(([encoding, path]) => ({ encoding, path, stats: fileStats(path) }));
  const usable = siblings.find((s) => s.stats && accepts(s.encoding));
  return {
    file,
    chosen: usable ? { path: usable.path, encoding: usable.encoding, stats: usable.stats! } : null,
    hasSiblings: siblings.some((s) => s.stats),
  };
}

type Next = (err?: unknown) => void;

/**
 * Sends the chosen sibling with the file's type, the encoding and Vary, and the headers already set
 * (security headers, the hashed files' Cache-Control); revalidated as Vite's own files are (ETag).
 * Anything else goes on to Vite's file server, with Vary when the file has siblings.
 */
export function precompressedFiles(distDir: string): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const found = precompressedFor(distDir, req.url ?? '', req.headers['accept-encoding']);
    if (!found?.hasSiblings) return next();
    const vary = String(res.getHeader('Vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (!found.chosen) return next();
    const { path, encoding, stats } = found.chosen;
    const etag = `W/"${stats.size}-${Math.floor(stats.mtimeMs)}-${encoding}"`;
    res.setHeader('Content-Type', types[extname(found.file).toLowerCase()]!);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', stats.mtime.toUTCString());
    if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache');
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', stats.size);
    res.statusCode = 200;
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(path)
      .on('error', (error) => (res.headersSent ? res.destroy(error) : next(error)))
      .pipe(res);
  };
}
