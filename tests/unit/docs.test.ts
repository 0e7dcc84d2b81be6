import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md is the one-page map (issue 49): at most 1,500 words, and each concept it lists in
 * its Concepts table has a README of at most 400 words (lifecycle, key files, how it is tested).
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
/** Words as `wc -w` counts them: runs of non-space characters. */
const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** The concept rows of ARCHITECTURE.md's Concepts table: name and README path. */
function conceptReadmes(architecture: string): Array<{ concept: string; readme: string }> {
  const section = /^## Concepts\n([\s\S]*?)^## /m.exec(architecture)?.[1] ?? '';
  return [...section.matchAll(/^\| ([^|]+?) \| [^|]+ \| \[[^\]]+\]\(([^)]+)\) \|$/gm)].map((m) => ({ concept: m[1]!, readme: m[2]! }));
}

/** Relative Markdown links in a document (not web addresses or anchors). */
const localLinks = (text: string) => [...text.matchAll(/\]\(([^)#\s]+)\)/g)].map((m) => m[1]!).filter((link) => !/^[a-z]+:/.test(link));

describe('ARCHITECTURE.md, the one-page map', () => {
  const architecture = read('ARCHITECTURE.md');

  it('is at most 1,500 words', () => {
    expect(wordCount(architecture)).toBeLessThanOrEqual(1_500);
  });

  it('lists the cross-context concepts, each with its README', () => {
    expect(conceptReadmes(architecture).map((c) => c.concept)).toEqual(expect.arrayContaining(['Session', 'Request pipeline', 'First paint', 'Outbox', 'Start-up']));
  });

  it('links only to files that exist', () => {
    expect(localLinks(architecture).filter((link) => !existsSync(join(repoRoot, link)))).toEqual([]);
  });

  describe.each(conceptReadmes(architecture))('the $concept README ($readme)', ({ readme }) => {
    it('exists, at most 400 words', () => {
      expect(existsSync(join(repoRoot, readme))).toBe(true);
      expect(wordCount(read(readme))).toBeLessThanOrEqual(400);
    });

    it('says its lifecycle, its key files and how it is tested, and links only to files that exist', () => {
      const text = read(readme);
      expect(text).toMatch(/^## Lifecycle/m);
      expect(text).toMatch(/^## Key files/m);
      expect(text).toMatch(/^## How it is tested/m);
      expect(localLinks(text).filter((link) => !existsSync(join(repoRoot, dirname(readme), link)))).toEqual([]);
    });
  });

  it('counts words as wc -w does, and reads a concept row', () => {
    expect(wordCount(' a  b\nc\t— d ')).toBe(5);
    expect(conceptReadmes('## Concepts\n\n| X | what | [x/README.md](x/README.md) |\n\n## Next\n')).toEqual([{ concept: 'X', readme: 'x/README.md' }]);
  });
});
