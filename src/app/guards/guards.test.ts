import { describe, expect, it } from 'vitest';
import { combineGuards, pass, permissionGuard, type Guard, type GuardResult } from './guards';

const url = new URL('http://localhost/mfe-host');
const fixed = (result: GuardResult, calls: string[], name: string): Guard => () => {
  calls.push(name);
  return Promise.resolve(result);
};
const fail: GuardResult = { ok: false, redirect: '/x' };

describe('combined guard (SPEC §2)', () => {
  it.each([
    ['and', [pass, pass], true, ['a', 'b']],
    ['and', [fail, pass], false, ['a']],
    ['and', [pass, fail], false, ['a', 'b']],
    ['or', [fail, pass], true, ['a', 'b']],
    ['or', [pass, fail], true, ['a']],
    ['or', [fail, fail], false, ['a', 'b']],
  ] as const)('%s of %j → %s, running %j', async (mode, results, ok, ran) => {
    const calls: string[] = [];
    const guard = combineGuards([fixed(results[0], calls, 'a'), fixed(results[1], calls, 'b')], mode);
    expect((await guard(url)).ok).toBe(ok);
    expect(calls).toEqual(ran);
  });

  it('joins with AND by default', async () => {
    expect((await combineGuards([fixed(pass, [], 'a'), fixed(fail, [], 'b')])(url)).ok).toBe(false);
  });
});

describe('permission guard (only, except, redirectTo)', () => {
  const held = new Set(['Login', 'AutoRefreshToken']);
  it.each([
    [{}, true],
    [{ only: ['Login'] }, true],
    [{ only: ['TENANTS_LIST', 'Login'] }, true],
    [{ only: ['TENANTS_LIST'] }, false],
    [{ except: ['TENANTS_LIST'] }, true],
    [{ except: ['Login'] }, false],
    [{ only: ['Login'], except: ['AutoRefreshToken'] }, false],
  ])('%j → %s', async (rule, ok) => {
    expect((await permissionGuard(rule, () => held)(url)).ok).toBe(ok);
  });

  it('redirects where the rule says', async () => {
    expect(await permissionGuard({ only: ['X'], redirectTo: '/404' }, () => held)(url)).toEqual({ ok: false, redirect: '/404' });
    expect(await permissionGuard({ only: ['X'] }, () => held)(url)).toEqual({ ok: false });
  });
});
