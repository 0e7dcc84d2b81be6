import { describe, expect, it } from 'vitest';
import { isModuleName, moduleNameProblem } from './moduleName';

describe('a translation module name (contract ModuleName)', () => {
  it.each(['vendor', 'Vendor_Risk-2', 'a', 'x'.repeat(64)])('%j is one safe path segment', (name) => {
    expect(isModuleName(name)).toBe(true);
    expect(moduleNameProblem(name)).toBeNull();
  });

  it.each(['', 'a/b', '/vendor', '..', '../admin', '.', 'vendor%2Fadmin', '%2e%2e', 'a\\b', 'ven dor', 'vendor?x=1', 'vendor#x', 'x'.repeat(65), 'fünf'])(
    '%j is refused, with a reason that names it',
    (name) => {
      expect(isModuleName(name)).toBe(false);
      expect(moduleNameProblem(name)).toContain(JSON.stringify(name));
      expect(moduleNameProblem(name)).toMatch(/not a module name: one path segment/);
    },
  );

  it.each([null, undefined, 42, {}, ['vendor']])('a value that is not a string (%j) is refused', (value) => {
    expect(isModuleName(value)).toBe(false);
    expect(moduleNameProblem(value)).toMatch(/is not a module name/);
  });

  it('keeps a long refused name short in the reason', () => {
    expect(moduleNameProblem('/'.repeat(10_000))!.length).toBeLessThan(200);
  });
});
