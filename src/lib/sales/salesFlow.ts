import { notify } from '../notify';
import { runtimeConfigAtom } from '../../config/configAtom';
import {
  contactSalesCase,
  memberCase,
  trackingOf,
  webToLeadFields,
  type CaseContext,
  type ContactSalesInput,
  type SalesCase,
} from '../../core/sales/salesCase';
import { appStore, atom } from '../../state/jotai';
import { signedInContentAttributes } from '../i18n/seedSource';
import type { WriteOutcome } from '../../outbox/page/outbox';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { currentTenantAtom, currentUserAtom } from '../state/signedInState';
import { createSalesCase, fetchSubscriptions, postWebToLead, safeLeadUrl } from './salesApi';

/**
 * The upgrade, trial, contact-sales and renewal flows (SPEC §4) as a stack of modals:
 * the trial-failure modal stays under contact sales and closes itself when that finishes.
 * Components render the stack (features/sales) and call these actions.
 */
export type SalesModal =
  | { kind: 'upgrade' }
  | { kind: 'trialFailure' }
  | { kind: 'contactSales'; fromBuyNow: boolean }
  | { kind: 'success'; variant: 'TrialSubmit' | 'ContactSalesForm' }
  | { kind: 'renewalReceived' };

export const salesModalsAtom = atom<readonly SalesModal[]>([]);
type SalesAction = 'trial' | 'renewal' | 'contactSales';
/** The action running (its button shows a loading state and the others wait). */
export const salesBusyAtom = atom<SalesAction | null>(null);

/**
 * The last failure's message key, also shown inside the open modal: a modal hides the page's
 * toasts from assistive technology (the rest of the page is inert while it is open).
 */
export const salesErrorAtom = atom<string | null>(null);

const modals = () => appStore.get(salesModalsAtom);
const setModals = (next: readonly SalesModal[]) => {
  appStore.set(salesErrorAtom, null);
  appStore.set(salesModalsAtom, next);
};

function caseContext(): CaseContext {
  const user = appStore.get(currentUserAtom);
  return {
    firstName: user?.FirstName ?? '',
    lastName: user?.LastName ?? '',
    email: user?.Email ?? appStore.get(sessionAtom).claims?.email ?? '',
    company: appStore.get(currentTenantAtom)?.Name ?? '',
    url: location.href,
  };
}

/** A case that could not go now is kept and sent later: the member is told so. */
function toldItWaits() {
  notify({ type: 'warning', titleKey: 'SavedForLater', descriptionKey: 'YouAreOffline' });
}

async function running<T>(action: SalesAction, work: () => Promise<T>): Promise<T | null> {
  if (appStore.get(salesBusyAtom)) return null;
  appStore.set(salesBusyAtom, action);
  appStore.set(salesErrorAtom, null);
  try {
    return await work();
  } finally {
    appStore.set(salesBusyAtom, null);
  }
}

function failed(errorKey: string) {
  notify({ type: 'error', titleKey: 'SalesforceCaseError', descriptionKey: errorKey });
  appStore.set(salesErrorAtom, errorKey);
}

async function sendCase(salesCase: SalesCase, errorKey: string): Promise<WriteOutcome['state']> {
  const outcome = await createSalesCase(salesCase);
  if (outcome.state === 'failed') failed(errorKey);
  if (outcome.state === 'queued') toldItWaits();
  return outcome.state;
}

export function openUpgrade(): void {
  setModals([{ kind: 'upgrade' }]);
}

/** Close (the X, Escape, Close, Cancel) the modal on top. */
export function closeTop(): void {
  setModals(modals().slice(0, -1));
}

/** Upgrade → Buy Now: contact sales takes the upgrade modal's place. */
export function buyNow(): void {
  setModals([...modals().filter((m) => m.kind !== 'upgrade'), { kind: 'contactSales', fromBuyNow: true }]);
}

/** Trial-failure → Buy Now: contact sales opens over it; it closes itself when that finishes. */
export function buyNowAfterTrial(): void {
  setModals([...modals(), { kind: 'contactSales', fromBuyNow: true }]);
}

/**
 * Start Trial: an existing trial → the trial-failure modal; none → a TRIAL_REQUEST case, then the
 * TrialSubmit success modal. A failed subscriptions read creates no case (contract fall-back).
 */
export async function startTrial(): Promise<void> {
  await running('trial', async () => {
    const trials = await fetchSubscriptions(true);
    if (trials === null) {
      failed('TrialUpgradeCaseError');
      return;
    }
    if (trials.length > 0) {
      setModals([{ kind: 'trialFailure' }]);
      return;
    }
    const state = await sendCase(memberCase('TRIAL_REQUEST', caseContext()), 'TrialUpgradeCaseError');
    if (state === 'sent') setModals([{ kind: 'success', variant: 'TrialSubmit' }]);
    else if (state === 'queued') setModals([]);
  });
}

/** Contact sales finished (sent, kept for later, or cancelled): it closes, and a trial-failure modal under it too. */
function finishContactSales(sent: boolean): void {
  const rest = modals().filter((m) => m.kind !== 'contactSales' && m.kind !== 'trialFailure' && m.kind !== 'upgrade');
  setModals(sent ? [...rest, { kind: 'success', variant: 'ContactSalesForm' }] : rest);
}

export function cancelContactSales(): void {
  finishContactSales(false);
}

async function leadFor(input: ContactSalesInput, fromBuyNow: boolean): Promise<{ url: string; fields: Record<string, string> } | null> {
  const claims = appStore.get(sessionAtom).claims;
  if (!claims) return null;
  const attributes = (await signedInContentAttributes(claims.tenantGuid)) ?? [];
  const value = (key: string) => attributes.find((a) => a.Key === key)?.Value ?? null;
  const url = safeLeadUrl(appStore.get(runtimeConfigAtom).webToLeadUrl ?? value('WebToLeadUrl'), location.origin);
  if (!url) return null; // neither configured: no post (contract)
  const fields = webToLeadFields(input, {
    crmOrgId: value('CrmOrgId') ?? '',
    tenantGuid: claims.tenantGuid,
    company: appStore.get(currentTenantAtom)?.Name ?? '',
    url: location.href,
    campaignId: fromBuyNow ? value('BuyNow') : null,
    tracking: trackingOf(location.href),
    today: new Date().toISOString().slice(0, 10),
  });
  return { url, fields };
}

/**
 * Submit contact sales: the case for the tenant's type, then the web-to-lead post, then the
 * ContactSalesForm success modal. Refused → an error toast and the form stays as typed; no network
 * → the case waits in the outbox and the member is told. Returns what became of the case.
 */
export async function submitContactSales(input: ContactSalesInput, fromBuyNow: boolean): Promise<WriteOutcome['state'] | null> {
  return running('contactSales', async () => {
    const state = await sendCase(contactSalesCase(input, caseContext(), appStore.get(currentTenantAtom)?.buyingType), 'ContactSalesCaseError');
    if (state === 'failed') return state;
    if (state === 'sent') {
      const lead = await leadFor(input, fromBuyNow);
      if (lead) await postWebToLead(lead.url, lead.fields);
    }
    finishContactSales(state === 'sent');
    return state;
  });
}

/** Renewal: a SUBSCRIPTION_RENEWAL case, then the received modal. */
export async function requestRenewal(): Promise<void> {
  await running('renewal', async () => {
    const state = await sendCase(memberCase('SUBSCRIPTION_RENEWAL', caseContext()), 'RequestRenewalCaseError');
    if (state === 'sent') setModals([...modals(), { kind: 'renewalReceived' }]);
  });
}
