import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginError, emitLoginError, emitLoginEvent, loginErrorEvents, loginMessages, onLoginEvent, type LoginEvent } from './loginEvents';

afterEach(() => vi.restoreAllMocks());

describe('login events', () => {
  it('names every SPEC §8 login client event and message', () => {
    expect(loginErrorEvents).toEqual([
      'discovery_document_validation_error',
      'discovery_document_load_error',
      'jwks_load_error',
      'user_profile_load_error',
      'token_error',
      'token_refresh_error',
      'token_validation_error',
      'token_revoke_error',
      'code_error',
      'invalid_nonce_in_state',
      'silent_refresh_timeout',
      'silent_refresh_error',
      'popup_blocked',
      'popup_closed',
    ]);
    expect(Object.values(loginMessages)).toEqual([
      'Wrong audience',
      'No sub claim in id_token',
      'No iat claim in id_token',
      'Wrong issuer',
      'Wrong nonce',
      'An at_hash is needed!',
      'Wrong at_hash',
      'Token has expired',
    ]);
  });

  it('delivers events to subscribers until they unsubscribe', () => {
    const seen: LoginEvent[] = [];
    const off = onLoginEvent((e) => seen.push(e));
    emitLoginEvent({ type: 'token_received' });
    off();
    emitLoginEvent({ type: 'discovery_document_loaded' });
    expect(seen).toEqual([{ type: 'token_received' }]);
  });

  it('logs error events as "login event <type>: <message>", success events not at all', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    emitLoginEvent({ type: 'token_received' });
    emitLoginEvent({ type: 'token_validation_error', message: loginMessages.wrongNonce });
    expect(error.mock.calls).toEqual([['login event token_validation_error: Wrong nonce']]);
  });

  it('a throwing subscriber does not stop the others', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    const offA = onLoginEvent(() => {
      throw new Error('boom');
    });
    const offB = onLoginEvent((e) => seen.push(e.type));
    emitLoginEvent({ type: 'token_received' });
    offA();
    offB();
    expect(seen).toEqual(['token_received']);
  });

  it('emitLoginError uses the LoginError event, else the fallback', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(emitLoginError(new LoginError('code_error', 'access_denied'), 'token_error')).toBe('code_error');
    expect(emitLoginError(new TypeError('Failed to fetch'), 'token_error')).toBe('token_error');
    expect(error.mock.calls).toEqual([['login event code_error: access_denied'], ['login event token_error: Failed to fetch']]);
  });
});
