import { describe, expect, it } from 'vitest';
import { contactSalesCase, contactSalesCaseType, cutUrl, memberCase, offersUpgrade, renewalDue, trackingOf, webToLeadFields, type ContactSalesInput } from './salesCase';

const context = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', company: 'Acme Ltd', url: 'https://shell.test/mfe-host/home' };
const input: ContactSalesInput = { firstName: ' Ada ', lastName: 'Lovelace', emailAddress: 'ada@acme.test ', phone: '', interest: '  ' };

describe('sales cases (SPEC §3)', () => {
  it('cuts the page address to 255 characters', () => {
    expect(cutUrl('x'.repeat(300))).toHaveLength(255);
    expect(cutUrl('https://a.test/')).toBe('https://a.test/');
    expect(memberCase('TRIAL_REQUEST', { ...context, url: `https://shell.test/${'a'.repeat(400)}` }).caseParams.url).toHaveLength(255);
  });

  it('contact sales is a trial user’s case for TRIAL tenants, a free user’s otherwise', () => {
    expect(contactSalesCaseType('TRIAL')).toBe('TRIAL_USER_CONTACT_SALES');
    for (const other of ['FREE', 'PAID', 'SANDBOX', null, undefined, 'trial']) expect(contactSalesCaseType(other)).toBe('FREE_USER_CONTACT_SALES');
  });

  it('a member case carries who asks, the company, a subject and the url', () => {
    expect(memberCase('SUBSCRIPTION_RENEWAL', context)).toEqual({
      caseType: 'SUBSCRIPTION_RENEWAL',
      caseParams: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', company: 'Acme Ltd', subject: 'Subscription renewal', url: context.url },
    });
    // Blank facts are left out rather than sent empty.
    expect(memberCase('TRIAL_REQUEST', { ...context, company: ' ', lastName: '' }).caseParams).toEqual({
      firstName: 'Ada',
      email: 'ada@acme.test',
      subject: 'Trial request',
      url: context.url,
    });
  });

  it('the contact-sales case: trimmed names and e-mail, optional fields only when filled, consent', () => {
    expect(contactSalesCase(input, context, 'FREE')).toEqual({
      caseType: 'FREE_USER_CONTACT_SALES',
      caseParams: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', company: 'Acme Ltd', consentToContact: true, subject: 'Contact sales', url: context.url },
    });
    const full = contactSalesCase({ ...input, phone: ' +44 1 ', interest: 'Data mapping' }, context, 'TRIAL');
    expect(full.caseType).toBe('TRIAL_USER_CONTACT_SALES');
    expect(full.caseParams).toMatchObject({ contactNumber: '+44 1', interestedIn: 'Data mapping' });
  });

  it('the web-to-lead fields (contract WebToLeadForm), all text', () => {
    const fields = webToLeadFields(
      { ...input, interest: 'Privacy' },
      { crmOrgId: '00D1', tenantGuid: 't-1', company: 'Acme Ltd', url: 'u'.repeat(300), campaignId: 'C-9', tracking: { utm_source: 'mail' }, today: '2026-11-22' },
    );
    expect(fields).toEqual({
      oid: '00D1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@acme.test',
      company: 'Acme Ltd',
      lead_source: 'In Product',
      rating: 'Hot',
      submit: 'Submit',
      Campaign_ID: 'C-9',
      utm_source: 'mail',
      utm_medium: '',
      utm_campaign: '',
      Offering: 'Privacy',
      Lead_URL: 'u'.repeat(255),
      Tenant_GUID: 't-1',
      allow_contact: '1',
      Sync_to_Marketo: '1',
      Consent_to_Contact_Date: '2026-11-22',
    });
    expect(Object.values(fields).every((v) => typeof v === 'string')).toBe(true);
  });

  it('reads the tracking fields from the page address', () => {
    expect(trackingOf('https://s.test/x?utm_source=a&utm_medium=b&utm_campaign=c&other=d')).toEqual({ utm_source: 'a', utm_medium: 'b', utm_campaign: 'c' });
    expect(trackingOf('not a url')).toEqual({});
  });

  it('offers the upgrade to free and trial tenants only', () => {
    expect([offersUpgrade('FREE'), offersUpgrade('TRIAL'), offersUpgrade('PAID'), offersUpgrade('SANDBOX'), offersUpgrade(null)]).toEqual([true, true, false, false, false]);
  });

  it('a renewal is due when the paid subscriptions all end within 60 days (or have ended)', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    const paid = (end: string) => ({ IsTrial: false, EndDate: end });
    expect(renewalDue([paid('2026-12-31T00:00:00Z')], now)).toBe(true);
    expect(renewalDue([paid('2026-10-01T00:00:00Z')], now)).toBe(true);
    expect(renewalDue([paid('2027-12-31T00:00:00Z')], now)).toBe(false);
    expect(renewalDue([paid('2026-12-31T00:00:00Z'), paid('2027-12-31T00:00:00Z')], now)).toBe(false);
    expect(renewalDue([{ IsTrial: true, EndDate: '2026-12-01T00:00:00Z' }], now)).toBe(false);
    expect(renewalDue([paid('soon')], now)).toBe(false);
    expect(renewalDue([], now)).toBe(false);
  });
});

describe('contract CaseParams.company', () => {
  it('is cut to 255 characters, like url', () => {
    const long = 'C'.repeat(300);
    expect(memberCase('TRIAL_REQUEST', { ...context, company: long }).caseParams.company).toBe('C'.repeat(255));
  });
});
