import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { email, isEmail, max, maxLength, min, minLength, pattern, required, requiredTrue } from './validators';
import { errorMessage, zodMiniResolver } from './resolver';

type Check = z.core.$ZodCheck<unknown>;

/** The first issue's message and params for `value`, or null when the value passes. */
function run(check: Check, value: unknown): { message: string; params?: unknown } | null {
  const result = z.unknown().check(check).safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return issue.code === 'custom' && issue.params ? { message: issue.message, params: issue.params } : { message: issue.message };
}

const ok = null;
const local64 = 'a'.repeat(64);
const label63 = 'b'.repeat(63);
// 64 + 1 + 63 + 1 + 63 + 1 + 57 + 4 = 254
const longest = `${local64}@${label63}.${label63}.${'c'.repeat(57)}.com`;

describe('required (SPEC §5)', () => {
  it.each<[unknown, unknown]>([
    ['text', ok],
    [0, ok],
    [false, ok],
    [['x'], ok],
    ['', { message: 'Required' }],
    ['   ', { message: 'Required' }],
    [null, { message: 'Required' }],
    [undefined, { message: 'Required' }],
    [[], { message: 'Required' }],
  ])('%j → %j', (value, expected) => {
    expect(run(required(), value)).toEqual(expected);
  });

  it('takes a custom message key', () => {
    expect(run(required('PleaseEnterYourFirstName'), ' ')).toEqual({ message: 'PleaseEnterYourFirstName' });
  });
});

describe('requiredTrue', () => {
  it.each<[unknown, unknown]>([
    [true, ok],
    [false, { message: 'RequiredTrue' }],
    ['true', { message: 'RequiredTrue' }],
    [null, { message: 'RequiredTrue' }],
    [undefined, { message: 'RequiredTrue' }],
  ])('%j → %j', (value, expected) => {
    expect(run(requiredTrue(), value)).toEqual(expected);
  });
});

describe('min and max (an empty value passes)', () => {
  it.each<[string, Check, unknown, unknown]>([
    ['min 5', min(5), 5, ok],
    ['min 5', min(5), 6, ok],
    ['min 5', min(5), '7', ok],
    ['min 5', min(5), 4, { message: 'MinValue', params: { min: 5 } }],
    ['min 5', min(5), '4.9', { message: 'MinValue', params: { min: 5 } }],
    ['min 5', min(5), '', ok],
    ['min 5', min(5), null, ok],
    ['min 5', min(5), undefined, ok],
    ['min 5', min(5), 'abc', ok], // not a number: left to pattern/type checks
    ['min -1', min(-1), -2, { message: 'MinValue', params: { min: -1 } }],
    ['max 10', max(10), 10, ok],
    ['max 10', max(10), 11, { message: 'MaxValue', params: { max: 10 } }],
    ['max 10', max(10), '10.5', { message: 'MaxValue', params: { max: 10 } }],
    ['max 10', max(10), '', ok],
    ['max 10', max(10), null, ok],
    ['max 10', max(10), undefined, ok],
  ])('%s: %j → %j', (_name, check, value, expected) => {
    expect(run(check, value)).toEqual(expected);
  });
});

describe('minLength and maxLength', () => {
  it.each<[string, Check, unknown, unknown]>([
    ['minLength 3', minLength(3), 'abc', ok],
    ['minLength 3', minLength(3), 'ab', { message: 'MinLength', params: { min: 3 } }],
    ['minLength 3', minLength(3), ['a', 'b'], { message: 'MinLength', params: { min: 3 } }],
    ['minLength 3', minLength(3), '', ok],
    ['minLength 3', minLength(3), null, ok],
    ['minLength 3', minLength(3), [], ok],
    ['maxLength 3', maxLength(3), 'abc', ok],
    ['maxLength 3', maxLength(3), 'abcd', { message: 'MaxLength', params: { max: 3 } }],
    ['maxLength 3', maxLength(3), [1, 2, 3, 4], { message: 'MaxLength', params: { max: 3 } }],
    ['maxLength 3', maxLength(3), '', ok],
    ['maxLength 3', maxLength(3), null, ok],
  ])('%s: %j → %j', (_name, check, value, expected) => {
    expect(run(check, value)).toEqual(expected);
  });
});

describe('pattern (an empty value passes)', () => {
  it.each<[string, Check, unknown, unknown]>([
    ['digits string', pattern('[0-9]+'), '123', ok],
    ['digits string', pattern('[0-9]+'), '12a', { message: 'PatternMismatch' }],
    ['digits string is anchored', pattern('[0-9]+'), 'a1', { message: 'PatternMismatch' }],
    ['digits string', pattern('[0-9]+'), '', ok],
    ['digits string', pattern('[0-9]+'), null, ok],
    ['RegExp as given', pattern(/\d/), 'a1', ok],
    ['global RegExp twice', pattern(/^\d+$/g), '42', ok],
    ['number value', pattern('[0-9]+'), 42, ok],
  ])('%s: %j → %j', (_name, check, value, expected) => {
    expect(run(check, value)).toEqual(expected);
  });

  it('a global RegExp gives the same answer every time', () => {
    const check = pattern(/^\d+$/g);
    expect([run(check, '42'), run(check, '42'), run(check, '42')]).toEqual([ok, ok, ok]);
  });
});

describe('email (SPEC §5: whole ≤ 254, local part ≤ 64; an empty value passes)', () => {
  it('the fixture address is exactly 254 characters', () => {
    expect(longest).toHaveLength(254);
  });

  it.each<[string, unknown, boolean]>([
    ['plain', 'admin@acme.test', true],
    ['plus and dots', 'first.last+tag@sub.acme.test', true],
    ['no TLD (WHATWG allows)', 'user@localhost', true],
    ['local part of 64', `${local64}@acme.test`, true],
    ['local part of 65', `${local64}a@acme.test`, false],
    ['whole of 254', longest, true],
    ['whole of 255', `a${longest}`.replace(`${local64}@`, `${local64.slice(1)}@x`), false],
    ['label of 64', `a@${'b'.repeat(64)}.test`, false],
    ['missing @', 'admin.acme.test', false],
    ['two @', 'a@b@acme.test', false],
    ['space', 'ad min@acme.test', false],
    ['leading dot', '.admin@acme.test', false],
    ['double dot', 'ad..min@acme.test', false],
    ['domain starting with -', 'admin@-acme.test', false],
    ['empty local part', '@acme.test', false],
  ])('%s', (_name, value, valid) => {
    expect(run(email(), value)).toEqual(valid ? ok : { message: 'InvalidEmail' });
  });

  it('really builds a 255-character address for the over-long case', () => {
    expect(`a${longest}`.replace(`${local64}@`, `${local64.slice(1)}@x`)).toHaveLength(255);
    expect(isEmail(longest)).toBe(true);
  });

  it.each<[unknown]>([[''], [null], [undefined], ['  ']])('empty %j passes', (value) => {
    expect(run(email(), value)).toBeNull();
  });

  it('takes a custom message key', () => {
    expect(run(email('ErrorEnterValidEmailAddress'), 'x')).toEqual({ message: 'ErrorEnterValidEmailAddress' });
  });
});

describe('zodMiniResolver', () => {
  const schema = z.object({
    firstName: z.string().check(required('PleaseEnterYourFirstName')),
    email: z.string().check(required('ErrorEnterValidEmailAddress'), email('ErrorEnterValidEmailAddress')),
    code: z.string().check(minLength(4), pattern('[0-9]*')),
    consent: z.boolean().check(requiredTrue()),
  });
  const resolver = zodMiniResolver(schema);
  const options = { fields: {}, shouldUseNativeValidation: false };

  it('returns the values when everything passes', async () => {
    const values = { firstName: 'Ada', email: 'ada@acme.test', code: '1234', consent: true };
    expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
  });

  it('reports the first failing rule of each field, with its key and values', async () => {
    const result = await resolver({ firstName: ' ', email: ' ', code: 'ab', consent: false }, undefined, options);
    expect(result.values).toEqual({});
    expect(errorMessage(result.errors.firstName)).toEqual({ key: 'PleaseEnterYourFirstName', values: {} });
    expect(errorMessage(result.errors.email)).toEqual({ key: 'ErrorEnterValidEmailAddress', values: {} });
    expect(errorMessage(result.errors.code)).toEqual({ key: 'MinLength', values: { min: 4 } });
    expect(errorMessage(result.errors.consent)).toEqual({ key: 'RequiredTrue', values: {} });
  });
});
