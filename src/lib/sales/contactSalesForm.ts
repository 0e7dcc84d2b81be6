import * as z from 'zod/mini';
import type { ContactSalesInput } from '../../core/sales/salesCase';
import { email, maxLength, required } from '../validation/validators';

/**
 * SPEC §5 contact-sales form: first and last name required and not only blanks, a valid email
 * address; phone and interest optional. The lengths are the contract's CaseParams limits.
 */
export const contactSalesSchema = z.object({
  firstName: z.string().check(required('PleaseEnterYourFirstName'), maxLength(255)),
  lastName: z.string().check(required('PleaseEnterYourLastName'), maxLength(255)),
  emailAddress: z.string().check(required('ErrorEnterValidEmailAddress'), email('ErrorEnterValidEmailAddress')),
  phone: z.string().check(maxLength(40)),
  interest: z.string().check(maxLength(255)),
});

export const emptyContactSales: ContactSalesInput = { firstName: '', lastName: '', emailAddress: '', phone: '', interest: '' };

/** A stored draft is offered back only when it still has the form's shape. */
export function isContactSalesInput(value: unknown): value is ContactSalesInput {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (Object.keys(emptyContactSales) as (keyof ContactSalesInput)[]).every((key) => typeof v[key] === 'string');
}
