import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Test names a newcomer can read in a report line (issue 49): every title given to `describe`, `it`,
 * `test` or `test.step` is under 120 characters as written in the source. A title that needs more
 * says the rule, and the steps or assertions say the cases.
 */
const maxLength = 120;
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const roots = ['src', 'sw', 'workers', 'tests', 'server', 'emulator', 'bench', 'build', 'scripts'];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each title literal in a test file: the first argument of describe/it/test and their modifiers, steps included. */
function titles(source: string): string[] {
  const call = /\b(?:describe|it|test)(?:\.(?:only|skip|fixme|fail|todo|concurrent|serial|parallel|describe|step|each\([^)]*\)))*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  return [...source.matchAll(call)].map((m) => m[2]!);
}

describe('test names', () => {
  const files = roots.flatMap((root) => {
    try {
      return testFiles(join(repoRoot, root));
    } catch {
      return []; // a folder this checkout does not have
    }
  });

  it('finds the test files and their titles', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(titles(readFileSync(fileURLToPath(import.meta.url), 'utf8'))).toContain('test names');
  });

  it(`are under ${maxLength} characters`, () => {
    const long = files.flatMap((file) =>
      titles(readFileSync(file, 'utf8'))
        .filter((title) => title.length >= maxLength)
        .map((title) => `${relative(repoRoot, file)}: ${title.length}: ${title}`),
    );
    expect(long).toEqual([]);
  });

  it('reads titles of every form: quotes, modifiers, each, steps', () => {
    const source = [
      "describe('a', () => {",
      '  it.each([1])("b %s", () => {});',
      '  test.describe.serial(`c ${x}`, () => {});',
      "  await test.step('d\\'s', async () => {});",
      '});',
    ].join('\n');
    expect(titles(source)).toEqual(['a', 'b %s', 'c ${x}', "d\\'s"]);
  });
});
