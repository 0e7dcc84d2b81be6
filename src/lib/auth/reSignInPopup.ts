/**
 * Signing in again in a popup (SPEC §9: 500 × 470, its closed state polled every 500 ms) for a
 * single sign-on member whose session ended over unsaved work. The page builds the authorization
 * request (PKCE verifier and nonce stay in this tab), the popup goes to the identity provider, and
 * its return comes back on a channel (`reSignInReturn.ts`); the page exchanges the code. Blocked or
 * closed popups are the login client's `popup_blocked` / `popup_closed` events.
 */
import type { RuntimeConfig } from '../../config/runtimeConfig';
import type { GrantedTokens } from '../../session/core/tokenClient';
import { channels } from '../../core/protocol';
import { storageKeys } from '../storage/keys';
import { removeLocal, writeLocal } from '../storage/localStore';
import { popupAnswerLimitMs, popupClosedPollMs, popupFeatures, popupReturnGraceMs } from '../../session/page/reSignInRules';
import { emitLoginError, emitLoginEvent } from './loginEvents';
import { parseReSignInReturn } from './reSignInReturn';
import { completeSso } from './sso';

export type PopupOutcome =
  | { kind: 'answered'; granted: GrantedTokens; email: string }
  | { kind: 'blocked' }
  | { kind: 'closed' }
  | { kind: 'no-answer' }
  | { kind: 'failed' };

const popupName = 'trust-shell-re-sign-in';

export interface PopupSignIn {
  outcome: Promise<PopupOutcome>;
  /** The dialog is gone: the popup closes and nothing more is heard. */
  cancel(): void;
}

/** Opens the popup now (call it in the member's click: a popup opened later is blocked) and follows it. */
export function signInInPopup(config: RuntimeConfig, email: string): PopupSignIn {
  const popup = window.open('', popupName, popupFeatures(window));
  if (!popup) {
    emitLoginEvent({ type: 'popup_blocked', message: 'The browser blocked the sign-in popup' });
    return { outcome: Promise.resolve({ kind: 'blocked' }), cancel: () => undefined };
  }
  let settle: (outcome: PopupOutcome) => void = () => undefined;
  const outcome = new Promise<PopupOutcome>((resolve) => (settle = resolve));
  let expectedState: string | null = null;
  let exchanging = false;
  let done = false;
  let channel: BroadcastChannel | null = null;
  const finish = (result: PopupOutcome) => {
    if (done) return;
    done = true;
    clearInterval(poll);
    clearTimeout(limit);
    channel?.close();
    removeLocal(storageKeys.reSignInState);
    if (!popup.closed) popup.close();
    settle(result);
  };
  let closedSince: number | null = null;
  const poll = setInterval(() => {
    if (!popup.closed || exchanging) return;
    // Back on this origin the popup is cut off from its opener (Cross-Origin-Opener-Policy), so it
    // reads as closed while its return is still loading: that return gets a moment to arrive.
    closedSince ??= Date.now();
    if (Date.now() - closedSince < popupReturnGraceMs) return;
    emitLoginEvent({ type: 'popup_closed', message: 'The sign-in popup was closed before it answered' });
    finish({ kind: 'closed' });
  }, popupClosedPollMs);
  const limit = setTimeout(() => finish({ kind: 'no-answer' }), popupAnswerLimitMs);
  try {
    channel = new BroadcastChannel(channels.reSignIn);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const answer = parseReSignInReturn(event.data);
      const url = answer ? returnUrl(answer.href) : null;
      if (!url || expectedState === null || url.searchParams.get('state') !== expectedState || exchanging) return;
      exchanging = true;
      void completeSso(config, url).then((result) => finish(result.ok ? { kind: 'answered', granted: result.granted, email: result.email } : { kind: 'failed' }));
    };
  } catch {
    // No BroadcastChannel: the popup cannot answer; the limit says so.
  }
  void import('./ssoFlow.chunk')
    .then((flow) =>
      flow.startSsoFlow(config, email, {
        now: () => Date.now(),
        navigate: (url) => {
          expectedState = new URL(url).searchParams.get('state');
          if (expectedState) writeLocal(storageKeys.reSignInState, expectedState);
          popup.location.replace(url);
        },
      }),
    )
    .catch((error: unknown) => {
      emitLoginError(error, 'discovery_document_load_error');
      finish({ kind: 'failed' });
    });
  return { outcome, cancel: () => finish({ kind: 'closed' }) };
}

/** The popup's address, only if it is this origin's (anything on the channel is data, never trusted). */
function returnUrl(href: string): URL | null {
  try {
    const url = new URL(href);
    return url.origin === location.origin ? url : null;
  } catch {
    return null;
  }
}
