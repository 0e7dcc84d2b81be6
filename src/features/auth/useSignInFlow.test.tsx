// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionMessage } from '../../session/core/sessionChannel';
import type { GrantedTokens, TokenResponse } from '../../session/core/tokenClient';
import type { SignInCommand, SignInEvent } from '../../lib/auth/signIn';
import { completeSsoReturn, runSignInCommand } from '../../lib/auth/signInEffects';
import { useSignInFlow } from './useSignInFlow';

vi.mock('../../lib/auth/signInEffects', () => ({ runSignInCommand: vi.fn(), completeSsoReturn: vi.fn() }));
const listeners = new Set<(message: SessionMessage) => void>();
vi.mock('../../session/core/sessionChannel', () => ({
  onSessionMessage: (handler: (message: SessionMessage) => void) => {
    listeners.add(handler);
    return () => listeners.delete(handler);
  },
}));

const tokens: TokenResponse = { access_token: 'a.b.c', refresh_token: 'r', token_type: 'Bearer', expires_in: 300, scope: 'read' };
const granted: GrantedTokens = { tokens, kind: 'Bearer', proofKey: null };
const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const ran = () => vi.mocked(runSignInCommand).mock.calls.map(([command]) => command.type);

/** Answers each command as the platform and the session store would, and tells each broadcast like storeSignIn does. */
function answer(respond: (command: SignInCommand) => SignInEvent | null) {
  vi.mocked(runSignInCommand).mockImplementation((command) => {
    if (command.type === 'store-sign-in') for (const listener of [...listeners]) listener({ type: 'session-changed' });
    return Promise.resolve(respond(command));
  });
}

beforeEach(() => {
  vi.mocked(runSignInCommand).mockReset();
  vi.mocked(completeSsoReturn).mockReset();
});
afterEach(cleanup);

describe('useSignInFlow: the machine wired to its commands', () => {
  it('email → password → granted → stored → into the shell, its own broadcast not followed', async () => {
    answer((command) => {
      if (command.type === 'look-up-user-type') return { type: 'user-type-answered', email: command.email, ssoEnabled: false };
      if (command.type === 'request-password-grant') return { type: 'grant-answered', email: command.email, result: { ok: true, ...granted } };
      if (command.type === 'store-sign-in') return { type: 'stored', ok: true };
      return null;
    });
    const { result } = renderHook(() => useSignInFlow(false), { wrapper });
    act(() => result.current[1]({ type: 'email-typed', value: 'ada@acme.test' }));
    act(() => result.current[1]({ type: 'email-submitted' }));
    await waitFor(() => expect(result.current[0].step).toBe('password'));
    act(() => result.current[1]({ type: 'password-typed', value: 'pw' }));
    act(() => result.current[1]({ type: 'password-submitted' }));
    await waitFor(() => expect(ran()).toContain('enter-shell'));
    expect(ran()).toEqual(['look-up-user-type', 'request-password-grant', 'store-sign-in', 'enter-shell']);
  });

  it('follows another tab\'s sign-in when a session is stored', async () => {
    answer((command) => (command.type === 'read-stored-auth' ? { type: 'stored-auth-read', signedIn: true } : null));
    renderHook(() => useSignInFlow(false), { wrapper });
    act(() => listeners.forEach((listener) => listener({ type: 'session-changed' })));
    await waitFor(() => expect(ran()).toEqual(['read-stored-auth', 'enter-shell']));
  });

  it('exchanges the identity provider\'s answer on its return address; a refusal leaves it with an error', async () => {
    vi.mocked(completeSsoReturn).mockResolvedValue({ type: 'sso-answered', result: { ok: false } });
    answer(() => null);
    const { result } = renderHook(() => useSignInFlow(true), { wrapper });
    await waitFor(() => expect(result.current[0].status).toEqual({ kind: 'error', messageKey: 'SignInFailed' }));
    expect(completeSsoReturn).toHaveBeenCalledTimes(1);
    expect(ran()).toEqual(['leave-sso-return']);
  });

  it('does not exchange anything on the plain sign-in page', () => {
    renderHook(() => useSignInFlow(false), { wrapper });
    expect(completeSsoReturn).not.toHaveBeenCalled();
  });
});
