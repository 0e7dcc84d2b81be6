import * as z from 'zod/mini';

/**
 * SPEC §5 generic validators as zod/mini checks: min, max, required, required-true, email,
 * minLength, maxLength and pattern. Each check reports a translation key as its message and the
 * key's interpolation values as the issue's params, so the form field shows `t(message, params)`.
 *
 * They accept any value (`$ZodCheck<unknown>`), so one check fits `z.string()`, `z.number()` or
 * `z.unknown()`:  `z.string().check(required(), email())`.
 *
 * As the spec says, an empty value passes min, max, email, minLength and pattern: only `required`
 * (and `requiredTrue`) make a value mandatory, so an optional field can still have a format.
 */

export type MessageValues = Record<string, string | number>;

/** Empty: null, undefined, a blank string or an empty array. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function rule(test: (value: unknown) => boolean, messageKey: string, values?: MessageValues): z.core.$ZodCheck<unknown> {
  return z.refine<unknown>(test, values ? { message: messageKey, params: values } : { message: messageKey });
}

function numeric(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number.parseFloat(value);
  return Number.NaN;
}

function lengthOf(value: unknown): number | null {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return null;
}

/** Required: not empty; a blank string counts as empty (SPEC §5: "may not be only blanks"). */
export function required(messageKey = 'Required'): z.core.$ZodCheck<unknown> {
  return rule((value) => !isEmptyValue(value), messageKey);
}

/** Required-true: the value must be exactly true (a consent checkbox). */
export function requiredTrue(messageKey = 'RequiredTrue'): z.core.$ZodCheck<unknown> {
  return rule((value) => value === true, messageKey);
}

/** At least `min`; a value that is not a number is left to other checks. */
export function min(limit: number, messageKey = 'MinValue'): z.core.$ZodCheck<unknown> {
  return rule((value) => isEmptyValue(value) || Number.isNaN(numeric(value)) || numeric(value) >= limit, messageKey, { min: limit });
}

/** At most `max`; a value that is not a number is left to other checks. */
export function max(limit: number, messageKey = 'MaxValue'): z.core.$ZodCheck<unknown> {
  return rule((value) => isEmptyValue(value) || Number.isNaN(numeric(value)) || numeric(value) <= limit, messageKey, { max: limit });
}

export function minLength(limit: number, messageKey = 'MinLength'): z.core.$ZodCheck<unknown> {
  return rule((value) => isEmptyValue(value) || (lengthOf(value) ?? limit) >= limit, messageKey, { min: limit });
}

/** maxLength: an empty value is short enough by definition. */
export function maxLength(limit: number, messageKey = 'MaxLength'): z.core.$ZodCheck<unknown> {
  return rule((value) => (lengthOf(value) ?? 0) <= limit, messageKey, { max: limit });
}

/** A string pattern must match the whole value (as the HTML pattern attribute); a RegExp is used as given. */
export function pattern(expected: string | RegExp, messageKey = 'PatternMismatch'): z.core.$ZodCheck<unknown> {
  const regex = typeof expected === 'string' ? new RegExp(`^(?:${expected})$`) : expected;
  return rule((value) => {
    if (isEmptyValue(value)) return true;
    regex.lastIndex = 0; // a global RegExp keeps state between tests
    return regex.test(String(value));
  }, messageKey);
}

/**
 * The WHATWG "valid e-mail address" grammar with two length limits (SPEC §5): the whole address at
 * most 254 characters and the local part at most 64; labels at most 63.
 */
const emailPattern =
  /^(?=.{1,254}$)(?=.{1,64}@)[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value);
}

export function email(messageKey = 'InvalidEmail'): z.core.$ZodCheck<unknown> {
  return rule((value) => isEmptyValue(value) || (typeof value === 'string' && isEmail(value)), messageKey);
}
