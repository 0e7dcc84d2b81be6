import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Browser-test helpers a newcomer can find (issue 49): each file in tests/e2e/support/ is listed in
 * its README, by topic, and tests/e2e/fixtures.ts holds the fixtures only (`test`, and `expect`
 * beside it); helpers live in support/.
 */
const supportDir = new URL('../e2e/support/', import.meta.url);
const index = readFileSync(new URL('README.md', supportDir), 'utf8');
const helperFiles = readdirSync(supportDir).filter((name) => name.endsWith('.ts'));
/** File names the index mentions as code (`name.ts`). */
const listed = [...index.matchAll(/`([\w.-]+\.ts)`/g)].map((m) => m[1]!);

describe('tests/e2e/support/README.md, the helpers index', () => {
  it('lists every helper file', () => {
    expect(helperFiles.length).toBeGreaterThan(10);
    expect(helperFiles.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('lists no file that is not there (fixtures.ts and emulator/types.ts aside)', () => {
    const elsewhere = ['fixtures.ts', 'types.ts', 'supportIndex.test.ts'];
    expect(listed.filter((name) => !helperFiles.includes(name) && !elsewhere.includes(name))).toEqual([]);
  });
});

describe('tests/e2e/fixtures.ts', () => {
  it('exports the fixtures only: test, and expect', () => {
    const source = readFileSync(new URL('../e2e/fixtures.ts', import.meta.url), 'utf8');
    const exported = [...source.matchAll(/^export\s+(?:(?:async\s+)?function|const|let|class|interface|type)\s+(\w+)|^export\s*\{([^}]*)\}/gm)].flatMap((m) =>
      m[1] ? [m[1]] : m[2]!.split(',').map((name) => name.trim()).filter(Boolean),
    );
    expect(exported.sort()).toEqual(['expect', 'test']);
  });
});
