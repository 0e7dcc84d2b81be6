import { describe, expect, it } from 'vitest';
import type { GrantedTokens, TokenResponse } from '../../session/core/tokenClient';
import {
  canSubmit,
  initialSignInState,
  isSignInBusy,
  signInTransition,
  type SignInCommand,
  type SignInEvent,
  type SignInState,
} from './signIn';

const tokens: TokenResponse = { access_token: 'a.b.c', refresh_token: 'r', token_type: 'Bearer', expires_in: 300, scope: 'read' };
const granted: GrantedTokens = { tokens, kind: 'Bearer', proofKey: null };
const base = initialSignInState('ada@acme.test');
const on = (patch: Partial<SignInState>): SignInState => ({ ...base, ...patch });
const busy = { kind: 'busy' } as const;
const idle = { kind: 'idle' } as const;
const error = (messageKey: 'WrongEmailOrPassword' | 'SignInFailed') => ({ kind: 'error', messageKey }) as const;

describe('the sign-in page starts on the email step with the last login email', () => {
  it.each([
    ['a remembered email', 'ada@acme.test', 'ada@acme.test'],
    ['none', null, ''],
  ])('%s', (_case, remembered, email) => {
    expect(initialSignInState(remembered)).toEqual({ step: 'email', email, password: '', status: idle, signingIn: null, entering: false });
  });
});

describe('signInTransition: what each event means', () => {
  it.each<[string, SignInState, SignInEvent, Partial<SignInState>, SignInCommand[]]>([
    // The form.
    ['typing the email', base, { type: 'email-typed', value: 'bob@acme.test' }, { email: 'bob@acme.test' }, []],
    ['typing the password', on({ step: 'password' }), { type: 'password-typed', value: 'pw' }, { password: 'pw' }, []],
    ['"change email" goes back to the email step', on({ step: 'password', password: 'pw' }), { type: 'change-email' }, { step: 'email' }, []],
    // Email → user-type lookup.
    ['continuing looks up the trimmed email', on({ email: '  ada@acme.test ' }), { type: 'email-submitted' }, { status: busy }, [{ type: 'look-up-user-type', email: 'ada@acme.test' }]],
    ['continuing with a blank email does nothing', on({ email: '   ' }), { type: 'email-submitted' }, {}, []],
    // What the lookup answer means.
    ['an SSO member goes to the identity provider (the form stays busy)', on({ status: busy }), { type: 'user-type-answered', email: 'sso@acme.test', ssoEnabled: true }, {}, [{ type: 'start-sso', email: 'sso@acme.test' }]],
    ['anyone else (or a failed lookup) gets the password step', on({ status: busy }), { type: 'user-type-answered', email: 'ada@acme.test', ssoEnabled: false }, { status: idle, step: 'password' }, []],
    ['the identity provider cannot be reached: sign-in failed', on({ status: busy }), { type: 'sso-start-failed' }, { status: error('SignInFailed') }, []],
    // The password grant and what its outcome means.
    [
      'signing in asks for a password grant for the trimmed email',
      on({ step: 'password', email: ' ada@acme.test ', password: ' pw ' }),
      { type: 'password-submitted' },
      { status: busy },
      [{ type: 'request-password-grant', email: 'ada@acme.test', password: ' pw ' }],
    ],
    ['a refused grant: wrong email or password, the password cleared', on({ step: 'password', password: 'x', status: busy }), { type: 'grant-answered', email: 'ada@acme.test', result: { ok: false, reason: 'refused' } }, { password: '', status: error('WrongEmailOrPassword') }, []],
    ['an unreachable token endpoint: sign-in failed', on({ step: 'password', password: 'x', status: busy }), { type: 'grant-answered', email: 'ada@acme.test', result: { ok: false, reason: 'unreachable' } }, { password: '', status: error('SignInFailed') }, []],
    ['a malformed token answer: sign-in failed', on({ step: 'password', password: 'x', status: busy }), { type: 'grant-answered', email: 'ada@acme.test', result: { ok: false, reason: 'malformed' } }, { password: '', status: error('SignInFailed') }, []],
    ['a granted sign-in is stored, marked as this tab\'s own', on({ step: 'password', password: 'x', status: busy }), { type: 'grant-answered', email: 'ada@acme.test', result: { ok: true, ...granted } }, { signingIn: 'password' }, [{ type: 'store-sign-in', granted, email: 'ada@acme.test' }]],
    ['stored: into the shell (the checked return URL)', on({ signingIn: 'password', status: busy }), { type: 'stored', ok: true }, {}, [{ type: 'enter-shell' }]],
    ['tokens nobody can store: sign-in failed, never a stuck form', on({ step: 'password', signingIn: 'password', password: 'x', status: busy }), { type: 'stored', ok: false }, { signingIn: null, password: '', status: error('SignInFailed') }, []],
    // The identity provider's return.
    ['a refused or broken SSO return: sign-in failed, off the return address', base, { type: 'sso-answered', result: { ok: false } }, { status: error('SignInFailed') }, [{ type: 'leave-sso-return' }]],
    ['an exchanged SSO code is stored with the email it was asked for', base, { type: 'sso-answered', result: { ok: true, granted, email: 'sso@acme.test' } }, { signingIn: 'sso' }, [{ type: 'store-sign-in', granted, email: 'sso@acme.test' }]],
    ['an SSO sign-in that cannot be stored: sign-in failed, off the return address', on({ signingIn: 'sso' }), { type: 'stored', ok: false }, { signingIn: null, status: error('SignInFailed') }, [{ type: 'leave-sso-return' }]],
    // Another tab's sign-in.
    ['another tab signed in: check the stored session', base, { type: 'session-message', message: 'session-changed' }, {}, [{ type: 'read-stored-auth' }]],
    ['this tab\'s own sign-in broadcast is not followed', on({ signingIn: 'password' }), { type: 'session-message', message: 'session-changed' }, {}, []],
    ['nor during its own SSO sign-in', on({ signingIn: 'sso' }), { type: 'session-message', message: 'session-changed' }, {}, []],
    ['other session messages mean nothing here', base, { type: 'session-message', message: 'logoff' }, {}, []],
    ['a session is stored: follow into the shell', base, { type: 'stored-auth-read', signedIn: true }, { entering: true }, [{ type: 'enter-shell' }]],
    ['no session after all: stay', base, { type: 'stored-auth-read', signedIn: false }, {}, []],
  ])('%s', (_case, state, event, patch, commands) => {
    expect(signInTransition(state, event)).toEqual({ state: { ...state, ...patch }, commands });
  });

  it('never changes the state it is given', () => {
    const state = on({ step: 'password', password: 'x', status: busy });
    const copy = structuredClone(state);
    signInTransition(state, { type: 'grant-answered', email: 'ada@acme.test', result: { ok: false, reason: 'refused' } });
    expect(state).toEqual(copy);
  });
});

describe('a whole sign-in, event by event', () => {
  const run = (state: SignInState, events: SignInEvent[]) =>
    events.reduce<{ state: SignInState; commands: SignInCommand[] }>(
      (acc, event) => {
        const next = signInTransition(acc.state, event);
        return { state: next.state, commands: [...acc.commands, ...next.commands] };
      },
      { state, commands: [] },
    );

  it('a wrong password, then the right one; the own broadcast in between is ignored', () => {
    const { state, commands } = run(initialSignInState(null), [
      { type: 'email-typed', value: 'ada@acme.test' },
      { type: 'email-submitted' },
      { type: 'user-type-answered', email: 'ada@acme.test', ssoEnabled: false },
      { type: 'password-typed', value: 'wrong' },
      { type: 'password-submitted' },
      { type: 'grant-answered', email: 'ada@acme.test', result: { ok: false, reason: 'refused' } },
      { type: 'password-typed', value: 'right' },
      { type: 'password-submitted' },
      { type: 'grant-answered', email: 'ada@acme.test', result: { ok: true, ...granted } },
      { type: 'session-message', message: 'session-changed' },
      { type: 'stored', ok: true },
    ]);
    expect(commands.map((c) => c.type)).toEqual(['look-up-user-type', 'request-password-grant', 'request-password-grant', 'store-sign-in', 'enter-shell']);
    expect(commands[2]).toEqual({ type: 'request-password-grant', email: 'ada@acme.test', password: 'right' });
    expect(state).toMatchObject({ step: 'password', signingIn: 'password', status: busy });
  });

  it('two broadcasts of another tab\'s sign-in enter the shell once (a second entry would drop the return URL the first took)', () => {
    const { commands } = run(base, [
      { type: 'session-message', message: 'session-changed' },
      { type: 'session-message', message: 'session-changed' },
      { type: 'stored-auth-read', signedIn: true },
      { type: 'stored-auth-read', signedIn: true },
      { type: 'session-message', message: 'session-changed' },
    ]);
    expect(commands.map((c) => c.type)).toEqual(['read-stored-auth', 'read-stored-auth', 'enter-shell']);
  });

  it('a failed store lets the tab follow another tab\'s sign-in again', () => {
    const { commands } = run(on({ step: 'password', password: 'x' }), [
      { type: 'password-submitted' },
      { type: 'grant-answered', email: 'ada@acme.test', result: { ok: true, ...granted } },
      { type: 'stored', ok: false },
      { type: 'session-message', message: 'session-changed' },
    ]);
    expect(commands.map((c) => c.type)).toEqual(['request-password-grant', 'store-sign-in', 'read-stored-auth']);
  });
});

describe('busy and submittable', () => {
  it.each<[string, SignInState, boolean, boolean, boolean]>([
    ['email step, an email typed', base, false, false, true],
    ['email step, blank email', on({ email: '  ' }), false, false, false],
    ['waiting for an answer', on({ status: busy }), false, true, false],
    ['exchanging the identity provider\'s answer', base, true, true, false],
    ['the exchange failed: the form is usable again', on({ status: error('SignInFailed') }), true, false, true],
    ['password step, no password', on({ step: 'password' }), false, false, false],
    ['password step, a password', on({ step: 'password', password: 'x' }), false, false, true],
    ['password step after a wrong password', on({ step: 'password', status: error('WrongEmailOrPassword') }), false, false, false],
  ])('%s', (_case, state, returning, isBusy, submittable) => {
    expect(isSignInBusy(state, returning)).toBe(isBusy);
    expect(canSubmit(state, returning)).toBe(submittable);
  });
});
