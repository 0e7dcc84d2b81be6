import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, precompressedFor } from './precompressed.ts';

/** A build with one file of each kind: both siblings, only .gz, none; and a secret beside the build. */
function build(): string {
  const dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.vite'));
  for (const name of ['index.html', 'assets/main-abcdefgh.js', 'assets/old-abcdefgh.css', 'assets/tiny-abcdefgh.js', '.vite/manifest.json']) writeFileSync(join(dist, name), 'x');
  for (const name of ['index.html.br', 'index.html.gz', 'assets/main-abcdefgh.js.br', 'assets/main-abcdefgh.js.gz', 'assets/old-abcdefgh.css.gz', '.vite/manifest.json.gz']) writeFileSync(join(dist, name), 'z');
  writeFileSync(join(dir, 'secret.js'), 'x');
  writeFileSync(join(dir, 'secret.js.br'), 'z');
  return dist;
}

const chosen = (dist: string, path: string, accept?: string) => {
  const found = precompressedFor(dist, path, accept);
  return found === null ? null : (found.chosen?.encoding ?? 'identity');
};

describe('the precompressed file a request gets', () => {
  const dist = build();

  it('brotli when the client takes it, else gzip, else the file itself', () => {
    expect(chosen(dist, '/assets/main-abcdefgh.js', 'gzip, deflate, br, zstd')).toBe('br');
    expect(chosen(dist, '/assets/main-abcdefgh.js', 'gzip')).toBe('gzip');
    expect(chosen(dist, '/assets/main-abcdefgh.js')).toBe('identity');
    expect(chosen(dist, '/assets/main-abcdefgh.js', 'identity')).toBe('identity');
    expect(chosen(dist, '/', 'br')).toBe('br');
    expect(chosen(dist, '/index.html?v=1', 'br')).toBe('br');
  });

  it('honours q-values and *', () => {
    expect(chosen(dist, '/assets/main-abcdefgh.js', 'br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chosen(dist, '/assets/main-abcdefgh.js', 'br;q=0, gzip;q=0')).toBe('identity');
    expect(chosen(dist, '/assets/main-abcdefgh.js', '*')).toBe('br');
    expect(chosen(dist, '/assets/main-abcdefgh.js', 'gzip;q=1, *;q=0')).toBe('gzip');
    expect(acceptedEncodings(['gzip', 'br'])('br')).toBe(true);
  });

  it('a missing .br falls back to the .gz, a file with neither to itself', () => {
    expect(chosen(dist, '/assets/old-abcdefgh.css', 'gzip, br')).toBe('gzip');
    expect(chosen(dist, '/assets/old-abcdefgh.css', 'br')).toBe('identity');
    expect(precompressedFor(dist, '/assets/tiny-abcdefgh.js', 'br')).toMatchObject({ chosen: null, hasSiblings: false });
    expect(precompressedFor(dist, '/assets/main-abcdefgh.js', '')).toMatchObject({ chosen: null, hasSiblings: true });
  });

  it('never a file outside the build, in a dot folder, missing, or not text', () => {
    for (const path of ['/../secret.js', '/%2e%2e/secret.js', '/assets/..%2f..%2fsecret.js', '/assets/%2e%2e/%2e%2e/secret.js', '/.vite/manifest.json', '/missing.js', '/assets/main-abcdefgh.js.br', '/%E0%A4%A', '/assets\\..\\..\\secret.js', '/index.html%00.js']) {
      expect(precompressedFor(dist, path, 'br, gzip'), path).toBeNull();
    }
  });
});
