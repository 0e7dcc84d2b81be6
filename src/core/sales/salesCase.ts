/**
 * Sales cases and the web-to-lead form (SPEC §3 "Sales case", §7), as pure functions:
 * which case a flow creates, its caseParams, and the lead form's fields. The page sends them
 * (lib/sales); these rules are unit-tested here.
 */
export const caseTypes = [
  'INTEGRATION',
  'ISSUE',
  'PRODUCT_FEEDBACK',
  'USER_FEEDBACK',
  'LABS_FEEDBACK',
  'MODULE_FEEDBACK',
  'TRIAL_REQUEST',
  'FREE_USER_CONTACT_SALES',
  'TRIAL_USER_CONTACT_SALES',
  'SUBSCRIPTION_RENEWAL',
] as const;
export type CaseType = (typeof caseTypes)[number];

/** Contract CaseParams: every field optional; url and company cut to 255 characters. */
export interface CaseParams {
  consentToContact?: boolean;
  description?: string;
  owner?: string;
  productCsat?: number;
  company?: string;
  email?: string;
  subject?: string;
  url?: string;
  firstName?: string;
  lastName?: string;
  contactNumber?: string;
  interestedIn?: string;
}

export interface SalesCase {
  caseType: CaseType;
  caseParams: CaseParams;
}

/** SPEC §5 "Case url": the page address, cut to 255 characters. */
export const maxUrlLength = 255;
export function cutUrl(url: string): string {
  return url.slice(0, maxUrlLength);
}

/** Who asks, and from where: the signed-in member, their tenant and the page they are on. */
export interface CaseContext {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  url: string;
}

/** What the contact-sales form collects (SPEC §2): phone and interest are optional. */
export interface ContactSalesInput {
  firstName: string;
  lastName: string;
  emailAddress: string;
  phone: string;
  interest: string;
}

/** Contract CaseType: TRIAL tenants ask as trial users, everyone else as free users. */
export function contactSalesCaseType(buyingType: string | null | undefined): CaseType {
  return buyingType === 'TRIAL' ? 'TRIAL_USER_CONTACT_SALES' : 'FREE_USER_CONTACT_SALES';
}

const subjects: Partial<Record<CaseType, string>> = {
  TRIAL_REQUEST: 'Trial request',
  FREE_USER_CONTACT_SALES: 'Contact sales',
  TRIAL_USER_CONTACT_SALES: 'Contact sales',
  SUBSCRIPTION_RENEWAL: 'Subscription renewal',
};

/** Non-blank text, trimmed; undefined for blanks (an optional field left empty is not sent). */
function text(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Contract CaseParams.company: at most 255 characters, like url. */
export const maxCompanyLength = 255;
function company(value: string): string | undefined {
  return text(value)?.slice(0, maxCompanyLength);
}

function withoutUndefined(params: CaseParams): CaseParams {
  const out: CaseParams = {};
  for (const [key, value] of Object.entries(params) as [keyof CaseParams, CaseParams[keyof CaseParams]][]) {
    if (value !== undefined) Object.assign(out, { [key]: value });
  }
  return out;
}

/** A case about the member themselves (TRIAL_REQUEST, SUBSCRIPTION_RENEWAL, ...). */
export function memberCase(caseType: CaseType, context: CaseContext): SalesCase {
  return {
    caseType,
    caseParams: withoutUndefined({
      firstName: text(context.firstName),
      lastName: text(context.lastName),
      email: text(context.email),
      company: company(context.company),
      subject: subjects[caseType] ?? caseType,
      url: cutUrl(context.url),
    }),
  };
}

/** The contact-sales case: what the member typed, for their tenant's case type. */
export function contactSalesCase(input: ContactSalesInput, context: CaseContext, buyingType: string | null | undefined): SalesCase {
  const caseType = contactSalesCaseType(buyingType);
  return {
    caseType,
    caseParams: withoutUndefined({
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      email: input.emailAddress.trim(),
      contactNumber: text(input.phone),
      interestedIn: text(input.interest),
      company: company(context.company),
      consentToContact: true,
      subject: subjects[caseType],
      url: cutUrl(context.url),
    }),
  };
}

/** Where the lead goes and what the CRM needs to file it (content attributes, tenant). */
export interface LeadContext {
  crmOrgId: string;
  tenantGuid: string;
  company: string;
  url: string;
  /** The BuyNow campaign, for leads that came from Buy Now. */
  campaignId: string | null;
  /** utm_source, utm_medium and utm_campaign of the page address, when it has them. */
  tracking: Record<string, string>;
  /** Today in UTC (YYYY-MM-DD): the consent date. */
  today: string;
}

/** Contract WebToLeadForm: every value is text. */
export function webToLeadFields(input: ContactSalesInput, lead: LeadContext): Record<string, string> {
  return {
    oid: lead.crmOrgId,
    first_name: input.firstName.trim(),
    last_name: input.lastName.trim(),
    email: input.emailAddress.trim(),
    company: lead.company,
    lead_source: 'In Product',
    rating: 'Hot',
    submit: 'Submit',
    Campaign_ID: lead.campaignId ?? '',
    utm_source: lead.tracking.utm_source ?? '',
    utm_medium: lead.tracking.utm_medium ?? '',
    utm_campaign: lead.tracking.utm_campaign ?? '',
    Offering: input.interest.trim(),
    Lead_URL: cutUrl(lead.url),
    Tenant_GUID: lead.tenantGuid,
    // Submitting the form is the member asking to be contacted.
    allow_contact: '1',
    Sync_to_Marketo: '1',
    Consent_to_Contact_Date: lead.today,
  };
}

/** The tracking fields of a page address. */
export function trackingOf(url: string): Record<string, string> {
  try {
    const query = new URL(url).searchParams;
    const out: Record<string, string> = {};
    for (const key of ['utm_source', 'utm_medium', 'utm_campaign']) {
      const value = query.get(key);
      if (value) out[key] = value.slice(0, 255);
    }
    return out;
  } catch {
    return {};
  }
}

/** Free and trial tenants are offered the upgrade (contract BuyingType). */
export function offersUpgrade(buyingType: string | null | undefined): boolean {
  return buyingType === 'FREE' || buyingType === 'TRIAL';
}

export interface SubscriptionTerm {
  IsTrial: boolean;
  EndDate: string;
}

/** How long before a paid subscription ends the member is offered a renewal. */
export const renewalWindowDays = 60;

/**
 * The subscription data calls for a renewal when a paid (not trial) subscription ends within the
 * window, or has ended, and no other paid subscription runs past the window.
 */
export function renewalDue(subscriptions: readonly SubscriptionTerm[], now: number): boolean {
  const horizon = now + renewalWindowDays * 86_400_000;
  const ends = subscriptions.filter((s) => !s.IsTrial).map((s) => Date.parse(s.EndDate)).filter((t) => Number.isFinite(t));
  if (ends.length === 0) return false;
  return Math.max(...ends) <= horizon;
}
