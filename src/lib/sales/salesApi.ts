import * as z from 'zod/mini';
import type { CaseType, SalesCase, SubscriptionTerm } from '../../core/sales/salesCase';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { submitWrite, type WriteOutcome } from '../../outbox/page/outbox';

/**
 * The platform calls of the upgrade, trial, contact-sales and renewal flows: the tenant's
 * subscriptions (validated at the edge), cases through the outbox, and the CRM's web-to-lead form.
 */
const subscriptionSchema = z.lazy(() => z.looseObject({ IsTrial: z.boolean(), EndDate: z.string() }));
const subscriptionListSchema = z.lazy(() => z.array(subscriptionSchema));

const subscriptionsPath = '/api/access/v1/tenants/current/subscriptions';
const casesPath = '/api/salesops/v1/cases';

/** The tenant's subscriptions (trial ones only with `trial`); null when the call failed or is off the contract. */
export async function fetchSubscriptions(trial: boolean): Promise<SubscriptionTerm[] | null> {
  try {
    const response = await apiFetch(trial ? `${subscriptionsPath}?trial=true` : subscriptionsPath);
    if (!response.ok) return null;
    const parsed = subscriptionListSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the member sees in the list of waiting writes for each case. */
const caseLabels: Partial<Record<CaseType, string>> = {
  TRIAL_REQUEST: 'WriteTrialRequest',
  FREE_USER_CONTACT_SALES: 'WriteContactSales',
  TRIAL_USER_CONTACT_SALES: 'WriteContactSales',
  SUBSCRIPTION_RENEWAL: 'WriteRenewalRequest',
};

/** POST the case through the outbox: sent, refused, or kept to be sent when the network is back. */
export function createSalesCase(salesCase: SalesCase): Promise<WriteOutcome> {
  return submitWrite({ label: caseLabels[salesCase.caseType] ?? 'WriteSalesCase', kind: 'sales-case', method: 'POST', path: casesPath, body: salesCase });
}

/** Only an http(s) address; plain http only on this origin (a lead carries personal data). */
export function safeLeadUrl(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    if (url.protocol === 'https:' || (url.protocol === 'http:' && url.origin === origin)) return url.href;
  } catch {
    // not an address
  }
  return null;
}

/**
 * The CRM's web-to-lead form: a multipart post with no token (contract: not the platform, the
 * answer is not read, a failure is ignored). Cross-origin posts are opaque (no-cors).
 */
export async function postWebToLead(url: string, fields: Record<string, string>): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const sameOrigin = new URL(url).origin === globalThis.location.origin;
  try {
    await fetch(url, { method: 'POST', body: form, credentials: 'omit', mode: sameOrigin ? 'same-origin' : 'no-cors' });
  } catch {
    // ignored (contract)
  }
}
