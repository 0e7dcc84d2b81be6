import { describe, expect, it } from 'vitest';
import { afterReSignIn, afterSessionEnd, popupClosedPollMs, popupFeatures, popupSize, popupAnswerLimitMs, reSignInKind } from './reSignInRules';

const member = { guid: 'u1', tenantGuid: 't1' };

describe('when a session ends', () => {
  it('signs in again in place when the platform ended it while the page holds unsaved work or queued writes', () => {
    expect(afterSessionEnd({ ending: 'refused', unsavedWork: true, queuedWrites: 0, member })).toBe('sign-in-in-place');
    expect(afterSessionEnd({ ending: 'refused', unsavedWork: false, queuedWrites: 2, member })).toBe('sign-in-in-place');
  });

  it('goes to the sign-in page when nothing on the page would be lost', () => {
    expect(afterSessionEnd({ ending: 'refused', unsavedWork: false, queuedWrites: 0, member })).toBe('go-to-sign-in');
  });

  it('goes to the sign-in page after a sign-out or an idle timeout, whatever the page holds', () => {
    expect(afterSessionEnd({ ending: 'signed-out', unsavedWork: true, queuedWrites: 3, member })).toBe('go-to-sign-in');
    expect(afterSessionEnd({ ending: 'timed-out', unsavedWork: true, queuedWrites: 3, member })).toBe('go-to-sign-in');
  });

  it('goes to the sign-in page when the page never knew whose it was', () => {
    expect(afterSessionEnd({ ending: 'refused', unsavedWork: true, queuedWrites: 1, member: null })).toBe('go-to-sign-in');
  });
});

describe('after signing in again', () => {
  it('continues on the page for the same member in the same tenant', () => {
    expect(afterReSignIn(member, { guid: 'u1', tenantGuid: 't1' }, 'dialog')).toBe('continue');
  });

  it('starts a clean shell for another member, or the same member in another tenant, signed in through the dialog', () => {
    expect(afterReSignIn(member, { guid: 'u2', tenantGuid: 't1' }, 'dialog')).toBe('clean-start');
    expect(afterReSignIn(member, { guid: 'u1', tenantGuid: 't2' }, 'dialog')).toBe('clean-start');
  });

  it('refuses a popup that came back for another member: the page stays as it was', () => {
    expect(afterReSignIn(member, { guid: 'u2', tenantGuid: 't1' }, 'popup')).toBe('refuse');
    expect(afterReSignIn(member, { guid: 'u1', tenantGuid: 't1' }, 'popup')).toBe('continue');
  });
});

describe('how the member signs in again', () => {
  it('a single sign-on member in a popup, a password member in the dialog', () => {
    expect(reSignInKind(true)).toBe('popup');
    expect(reSignInKind(false)).toBe('dialog');
  });
});

describe('the popup (SPEC §9)', () => {
  it('is 500 wide by 470 high, its closed state polled every 500 ms', () => {
    expect(popupSize).toEqual({ width: 500, height: 470 });
    expect(popupClosedPollMs).toBe(500);
  });

  it('is given up before the page’s idle time (300 s) would warn the member', () => {
    expect(popupAnswerLimitMs).toBeLessThan(300_000);
  });

  it('opens centred on the window that opens it', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1300, outerHeight: 870 })).toBe('popup,width=500,height=470,left=500,top=250');
  });

  it('never opens off the screen: a window partly off its left or top edge gets the edge', () => {
    expect(popupFeatures({ screenX: -2000, screenY: -900, outerWidth: 600, outerHeight: 400 })).toBe('popup,width=500,height=470,left=0,top=0');
  });
});
