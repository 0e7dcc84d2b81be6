import { describe, expect, it } from 'vitest';
import { contactSalesSchema, emptyContactSales, isContactSalesInput } from './contactSalesForm';

const valid = { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@acme.test', phone: '', interest: '' };
const messages = (value: unknown) => {
  const result = contactSalesSchema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the contact-sales form rules (SPEC §5)', () => {
  it('accepts a complete form; phone and interest are optional', () => {
    expect(messages(valid)).toEqual({});
    expect(messages({ ...valid, phone: '+44 20 7946 0000', interest: 'Data mapping' })).toEqual({});
  });

  it.each([
    ['firstName', '', 'PleaseEnterYourFirstName'],
    ['firstName', '   ', 'PleaseEnterYourFirstName'],
    ['lastName', '', 'PleaseEnterYourLastName'],
    ['lastName', ' \t ', 'PleaseEnterYourLastName'],
    ['emailAddress', '', 'ErrorEnterValidEmailAddress'],
    ['emailAddress', '   ', 'ErrorEnterValidEmailAddress'],
    ['emailAddress', 'ada@', 'ErrorEnterValidEmailAddress'],
    ['emailAddress', 'ada acme.test', 'ErrorEnterValidEmailAddress'],
  ])('%s = %j → %s', (name, value, message) => {
    expect(messages({ ...valid, [name]: value })).toEqual({ [name]: message });
  });

  it('keeps within the contract’s lengths', () => {
    expect(Object.keys(messages({ ...valid, phone: '1'.repeat(41) }))).toEqual(['phone']);
    expect(Object.keys(messages({ ...valid, interest: 'x'.repeat(256) }))).toEqual(['interest']);
  });

  it('offers a stored draft back only in the form’s shape', () => {
    expect(isContactSalesInput(emptyContactSales)).toBe(true);
    expect(isContactSalesInput({ ...valid, phone: 5 })).toBe(false);
    expect(isContactSalesInput('Ada')).toBe(false);
    expect(isContactSalesInput(null)).toBe(false);
  });
});
