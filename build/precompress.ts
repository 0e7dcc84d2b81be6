import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The build's text files, which both hosts send compressed (images and fonts are compressed
 * already), with the type `npm start` sends each as (server/precompressed), as deploy/nginx types them.
 */
export const textTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

const compressible = new RegExp(`\\.(?:${Object.keys(textTypes).map((ext) => ext.slice(1)).join('|')})$`, 'i');

/** The files a build holds to compress: text, not a source map (never served) and not under a dot folder (.vite). */
async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(dir, file).split(/[\\/]/).some((part) => part.startsWith('.')));
}

/**
 * `name.br` and `name.gz` beside the file, each only when smaller than it: a host serving the
 * precompressed sibling then always sends fewer bytes, and a missing one falls back (.br → .gz →
 * the file itself) on both hosts (deploy/nginx, server/shellPlugin).
 */
async function precompressFile(file: string): Promise<void> {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const keep = async (bytes: Buffer, ext: string) => {
    if (bytes.length < body.length) await writeFile(`${file}.${ext}`, bytes);
  };
  await Promise.all([keep(br, 'br'), keep(gz, 'gz')]);
}

/**
 * Writes the compressed siblings of every text file of the build (node:zlib at its best levels:
 * the work is done once per build, not per request). Last of all, after the service worker and
 * the web manifest are written (vite-plugin-pwa writes them when the bundle closes).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'trust-shell-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = await textFiles(outDir);
        await Promise.all(files.map(precompressFile));
      },
    },
  };
}
