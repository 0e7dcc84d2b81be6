import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const spec = readFileSync(new URL('../../../shared/SPEC.md', import.meta.url), 'utf8');
/** The keys as the one module lists them (read as text: this project does not compile src/). */
const shellTextKeys = [...readFileSync(new URL('../../src/lib/i18n/shellTexts.ts', import.meta.url), 'utf8').matchAll(/^ {2}'([A-Za-z0-9]+)',$/gm)].map((m) => m[1]!);
const catalogue = JSON.parse(readFileSync(new URL('../../emulator/data/translations/en-us.json', import.meta.url), 'utf8')) as Record<string, string>;

describe("the shell's own translation keys (src/lib/i18n/shellTexts.ts)", () => {
  it('are read from the module', () => {
    expect(shellTextKeys.length).toBeGreaterThan(50);
  });

  it('lists none of SPEC’s own keys: a missing one keeps SPEC’s fall-back', () => {
    expect(shellTextKeys.filter((key) => new RegExp(`\\b${key}\\b`).test(spec))).toEqual([]);
  });

  it('lists only keys the catalogue the shell is tested against also has', () => {
    expect(shellTextKeys.filter((key) => catalogue[key] === undefined)).toEqual([]);
  });
});
