/**
 * When a session that ended keeps its page (the member signs in again over it) and what a second
 * sign-in there leads to. Pure: the page-side wiring is `reSignIn.ts`, the popup `auth/reSignInPopup.ts`.
 */

/** How the session ended: the platform refused it (refresh, key gone), the member signed out, or the idle countdown ran out. */
export type SessionEnding = 'refused' | 'signed-out' | 'timed-out';

export interface Member {
  guid: string;
  tenantGuid: string;
}

export interface EndedPage {
  ending: SessionEnding;
  /** A form or business screen declared input not yet saved (`forms/unsavedWork`). */
  unsavedWork: boolean;
  /** The member's writes waiting in the outbox. */
  queuedWrites: number;
  /** Whose the page is (the claims it was shown with); null when it never knew. */
  member: Member | null;
}

/**
 * Only a session the platform ended keeps its page, and only while the page holds something a trip
 * through the sign-in page would lose. A sign-out is the member's choice to leave; an idle timeout
 * ends the session of a member who is away and already saved open work (SPEC §4 SaveAndLogoff),
 * so keeping the page on screen there would defeat it.
 */
export function afterSessionEnd(page: EndedPage): 'sign-in-in-place' | 'go-to-sign-in' {
  if (page.ending !== 'refused' || !page.member) return 'go-to-sign-in';
  return page.unsavedWork || page.queuedWrites > 0 ? 'sign-in-in-place' : 'go-to-sign-in';
}

/**
 * The page is the first member's: it continues only for them, in the tenant it shows. Another
 * member typing their own e-mail in the dialog gets a clean shell; a popup that came back for
 * someone else (an identity provider with another account open) is not what was asked for, so it
 * changes nothing.
 */
export function afterReSignIn(before: Member, after: Member, via: 'dialog' | 'popup'): 'continue' | 'clean-start' | 'refuse' {
  if (before.guid === after.guid && before.tenantGuid === after.tenantGuid) return 'continue';
  return via === 'popup' ? 'refuse' : 'clean-start';
}

/** A single sign-on member signs in at their identity provider, in a popup; everyone else in the dialog. */
export function reSignInKind(singleSignOn: boolean): 'popup' | 'dialog' {
  return singleSignOn ? 'popup' : 'dialog';
}

/** SPEC §9: the login client's popup, 500 × 470, its closed state polled every 500 ms. */
export const popupSize = { width: 500, height: 470 } as const;
export const popupClosedPollMs = 500;
/**
 * A popup with no answer this long is given up: under the page's idle time (300 s), so the member
 * hears from the popup before the idle warning, which sign-in activity in the popup does not reset.
 */
export const popupAnswerLimitMs = 240_000;
/**
 * A popup read as closed is taken for closed after this long without its answer: one that came back
 * to this origin reads as closed to its opener (Cross-Origin-Opener-Policy) while its return loads.
 */
export const popupReturnGraceMs = 5_000;

export interface OpenerWindow {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** The `window.open` features: the SPEC size, centred on the opening window, never off the screen's top or left. */
export function popupFeatures(opener: OpenerWindow): string {
  const left = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - popupSize.width) / 2));
  const top = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - popupSize.height) / 2));
  return `popup,width=${popupSize.width},height=${popupSize.height},left=${left},top=${top}`;
}
