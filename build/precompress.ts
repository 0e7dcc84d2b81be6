import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The build's text files, which both hosts send compressed (images and fonts are compressed already). */
export const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;

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
export async function precompressFile(file: string): Promise<{ br: number | null; gz: number | null; size: number }> {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const keep = async (bytes: Buffer, ext: string) => {
    if (bytes.length >= body.length) return null;
    await writeFile(`${file}.${ext}`, bytes);
    return bytes.length;
  };
  return { br: await keep(br, 'br'), gz: await keep(gz, 'gz'), size: (await stat(file)).size };
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
