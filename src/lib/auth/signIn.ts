/**
 * The sign-in page's flows as a state machine, without React or I/O: email first, the SAML
 * user-type lookup decides between single sign-on and the password step; the password grant; the
 * identity provider's return; following another tab's sign-in. `signInTransition` answers the next
 * state and the commands to run; `signInEffects` runs them and answers the event that follows.
 */
import type { GrantedTokens, TokenResult } from '../../session/core/tokenClient';
import type { SessionMessage } from '../../session/core/sessionChannel';

export type SignInStep = 'email' | 'password';
/** Translation keys of the page's error line. */
export type SignInMessageKey = 'WrongEmailOrPassword' | 'SignInFailed';
export type SignInStatus = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; messageKey: SignInMessageKey };

export interface SignInState {
  step: SignInStep;
  email: string;
  password: string;
  status: SignInStatus;
  /**
   * Set while this tab stores its own sign-in (by password or single sign-on), so its own
   * session-changed broadcast is not mistaken for another tab's.
   */
  signingIn: 'password' | 'sso' | null;
  /**
   * Set once this tab follows another tab's sign-in into the shell. A later broadcast (the same
   * sign-in heard twice, a refresh) must not enter again: the first entry took this tab's return
   * URL, and a second would replace it with the host's path.
   */
  entering: boolean;
}

export type SignInEvent =
  | { type: 'email-typed'; value: string }
  | { type: 'password-typed'; value: string }
  | { type: 'change-email' }
  | { type: 'email-submitted' }
  /** The user-type lookup for `email` (null: failed or off the contract, SPEC §8). */
  | { type: 'user-type-answered'; email: string; ssoEnabled: boolean }
  | { type: 'sso-start-failed' }
  | { type: 'password-submitted' }
  | { type: 'grant-answered'; email: string; result: TokenResult }
  /** Back from the identity provider: the code exchanged (tokens and the e-mail it was asked for), or not. */
  | { type: 'sso-answered'; result: { ok: true; granted: GrantedTokens; email: string } | { ok: false } }
  /** The session was stored (ok) or could not be (tokens nobody can read, storage refused). */
  | { type: 'stored'; ok: boolean }
  | { type: 'session-message'; message: SessionMessage['type'] }
  /** After another tab's broadcast: whether this browser now holds a session. */
  | { type: 'stored-auth-read'; signedIn: boolean };

export type SignInCommand =
  | { type: 'look-up-user-type'; email: string }
  | { type: 'start-sso'; email: string }
  | { type: 'request-password-grant'; email: string; password: string }
  | { type: 'store-sign-in'; granted: GrantedTokens; email: string }
  | { type: 'read-stored-auth' }
  /** Into the shell: the saved return URL if it is a safe same-origin path, else the host. */
  | { type: 'enter-shell' }
  /** Off the identity provider's return address (?code&state), back to the bare sign-in page. */
  | { type: 'leave-sso-return' };

export interface SignInTransition {
  state: SignInState;
  commands: SignInCommand[];
}

export function initialSignInState(lastLoginEmail: string | null): SignInState {
  return { step: 'email', email: lastLoginEmail ?? '', password: '', status: { kind: 'idle' }, signingIn: null, entering: false };
}

const failed = (messageKey: SignInMessageKey): SignInStatus => ({ kind: 'error', messageKey });

/** What storing a sign-in needs of a grant's answer. */
function grantedOf({ tokens, kind, proofKey }: GrantedTokens): GrantedTokens {
  return { tokens, kind, proofKey };
}

/** A refused grant is the member's wrong e-mail or password; anything else is the platform's failure. */
export function grantFailureMessage(reason: 'refused' | 'unreachable' | 'malformed'): SignInMessageKey {
  return reason === 'refused' ? 'WrongEmailOrPassword' : 'SignInFailed';
}

export function signInTransition(state: SignInState, event: SignInEvent): SignInTransition {
  const stay = (next: Partial<SignInState> = {}, commands: SignInCommand[] = []): SignInTransition => ({ state: { ...state, ...next }, commands });
  switch (event.type) {
    case 'email-typed':
      return stay({ email: event.value });
    case 'password-typed':
      return stay({ password: event.value });
    case 'change-email':
      return stay({ step: 'email' });
    case 'email-submitted': {
      const email = state.email.trim();
      if (!email) return stay();
      return stay({ status: { kind: 'busy' } }, [{ type: 'look-up-user-type', email }]);
    }
    case 'user-type-answered':
      // A single sign-on member goes to the identity provider; the form stays busy while the browser leaves.
      if (event.ssoEnabled) return stay({}, [{ type: 'start-sso', email: event.email }]);
      return stay({ status: { kind: 'idle' }, step: 'password' });
    case 'sso-start-failed':
      return stay({ status: failed('SignInFailed') });
    case 'password-submitted':
      return stay({ status: { kind: 'busy' } }, [{ type: 'request-password-grant', email: state.email.trim(), password: state.password }]);
    case 'grant-answered':
      if (!event.result.ok) return stay({ password: '', status: failed(grantFailureMessage(event.result.reason)) });
      return stay({ signingIn: 'password' }, [{ type: 'store-sign-in', granted: grantedOf(event.result), email: event.email }]);
    case 'sso-answered':
      if (!event.result.ok) return stay({ status: failed('SignInFailed') }, [{ type: 'leave-sso-return' }]);
      return stay({ signingIn: 'sso' }, [{ type: 'store-sign-in', granted: event.result.granted, email: event.result.email }]);
    case 'stored':
      if (event.ok) return stay({}, [{ type: 'enter-shell' }]);
      // Never a stuck form: the sign-in failed, and the member may try again.
      if (state.signingIn === 'sso') return stay({ signingIn: null, status: failed('SignInFailed') }, [{ type: 'leave-sso-return' }]);
      return stay({ signingIn: null, password: '', status: failed('SignInFailed') });
    case 'session-message':
      // Another tab signed in: this one follows into the shell, if the session is really there.
      if (event.message !== 'session-changed' || state.signingIn || state.entering) return stay();
      return stay({}, [{ type: 'read-stored-auth' }]);
    case 'stored-auth-read':
      if (!event.signedIn || state.entering) return stay();
      return stay({ entering: true }, [{ type: 'enter-shell' }]);
  }
}

/** While the form waits, and while an identity-provider answer is being exchanged (`returning`), it is busy. */
export function isSignInBusy(state: SignInState, returning: boolean): boolean {
  return state.status.kind === 'busy' || (returning && state.status.kind !== 'error');
}

/** Whether the step's submit button can be pressed. */
export function canSubmit(state: SignInState, returning: boolean): boolean {
  if (isSignInBusy(state, returning)) return false;
  return state.step === 'email' ? state.email.trim() !== '' : state.password !== '';
}
