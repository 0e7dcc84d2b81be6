// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../config/runtimeConfig';
import type { GrantedTokens, TokenResponse } from '../../session/core/tokenClient';
import { requestToken } from '../../session/core/tokenClient';
import { readStoredAuth } from '../../session/core/sessionDb';
import { storeSignIn } from '../../session/page/session';
import type * as Session from '../../session/page/session';
import { lookupSamlUserType } from '../../session/page/samlUserType';
import { completeSso, startSso } from './sso';
import { writeTab } from '../storage/localStore';
import { storageKeys } from '../storage/keys';
import { completeSsoReturn, runSignInCommand, type SignInIo } from './signInEffects';

vi.mock('../../session/core/tokenClient', () => ({ requestToken: vi.fn() }));
vi.mock('../../session/core/sessionDb', () => ({ readStoredAuth: vi.fn() }));
vi.mock('../../session/page/samlUserType', () => ({ lookupSamlUserType: vi.fn() }));
vi.mock('./sso', () => ({ startSso: vi.fn(), completeSso: vi.fn() }));
// The return URL is read and checked for real (takeReturnPath); only the store is a stand-in.
vi.mock('../../session/page/session', async (actual) => ({ ...(await actual<SessionModule>()), storeSignIn: vi.fn() }));

type SessionModule = typeof Session;
const tokens: TokenResponse = { access_token: 'a.b.c', refresh_token: 'r', token_type: 'Bearer', expires_in: 300, scope: 'read' };
const granted: GrantedTokens = { tokens, kind: 'Bearer', proofKey: null };
// Only the login client's part of the configuration is read here.
const config = { authClient: { clientId: 'trust-shell', scope: 'read', tokenEndpoint: null } } as unknown as RuntimeConfig;
const navigate = vi.fn<(to: string) => void>();
const io: SignInIo = { config, navigate, currentUrl: () => new URL('https://shell.test/auth?code=c&state=s') };

beforeEach(() => {
  vi.clearAllMocks();
});

describe('runSignInCommand: each command through its module, answered as the next event', () => {
  it.each([
    ['an SSO member', { IsEnabled: true, IdentityProviderSignOutUrl: null, IsOpenSaml4: false }, true],
    ['a password member', { IsEnabled: false, IdentityProviderSignOutUrl: null, IsOpenSaml4: false }, false],
    ['a failed lookup', null, false],
  ])('the user-type lookup: %s', async (_case, answer, ssoEnabled) => {
    vi.mocked(lookupSamlUserType).mockResolvedValue(answer);
    expect(await runSignInCommand({ type: 'look-up-user-type', email: 'ada@acme.test' }, io)).toEqual({ type: 'user-type-answered', email: 'ada@acme.test', ssoEnabled });
    expect(lookupSamlUserType).toHaveBeenCalledWith('ada@acme.test');
  });

  it.each([
    ['started: the browser is leaving, nothing follows', { ok: true as const }, null],
    ['not started', { ok: false as const, event: 'discovery_document_load_error' as const }, { type: 'sso-start-failed' }],
  ])('single sign-on %s', async (_case, started, event) => {
    vi.mocked(startSso).mockResolvedValue(started);
    expect(await runSignInCommand({ type: 'start-sso', email: 'sso@acme.test' }, io)).toEqual(event);
    expect(startSso).toHaveBeenCalledWith(config, 'sso@acme.test');
  });

  it('the password grant goes to the token endpoint with the login client', async () => {
    vi.mocked(requestToken).mockResolvedValue({ ok: false, reason: 'refused' });
    expect(await runSignInCommand({ type: 'request-password-grant', email: 'ada@acme.test', password: 'pw' }, io)).toEqual({
      type: 'grant-answered',
      email: 'ada@acme.test',
      result: { ok: false, reason: 'refused' },
    });
    expect(requestToken).toHaveBeenCalledWith({ grant_type: 'password', username: 'ada@acme.test', password: 'pw', client_id: 'trust-shell', scope: 'read' }, undefined, expect.anything());
    // A key of this sign-in's own proves the grant (DPoP), its private half never extractable.
    expect(vi.mocked(requestToken).mock.calls[0]?.[2]?.proofKey?.privateKey.extractable).toBe(false);
  });

  it.each([
    ['stored', () => Promise.resolve(), true],
    ['refused by the store', () => Promise.reject(new Error('no claims')), false],
  ])('storing the sign-in: %s', async (_case, store, ok) => {
    vi.mocked(storeSignIn).mockImplementation(store);
    expect(await runSignInCommand({ type: 'store-sign-in', granted, email: 'ada@acme.test' }, io)).toEqual({ type: 'stored', ok });
    expect(storeSignIn).toHaveBeenCalledWith(granted, 'ada@acme.test');
  });

  it.each([
    ['a session', { tenantGuid: 't', orgGroupGuid: 'g', refresh_token: 'r' }, true],
    ['none', null, false],
  ])('reading the stored session: %s', async (_case, auth, signedIn) => {
    vi.mocked(readStoredAuth).mockResolvedValue(auth);
    expect(await runSignInCommand({ type: 'read-stored-auth' }, io)).toEqual({ type: 'stored-auth-read', signedIn });
  });

  it.each([
    ['a saved path', '/mfe-host/home/risk?tab=2#x', '/mfe-host/home/risk?tab=2#x'],
    ['nothing saved', null, '/mfe-host'],
    ['another origin', 'https://evil.test/x', '/mfe-host'],
    ['a protocol-relative address', '//evil.test/x', '/mfe-host'],
    ['a backslash trick', '/\\evil.test', '/mfe-host'],
  ])('into the shell with the checked return URL: %s', async (_case, saved, target) => {
    if (saved !== null) writeTab(storageKeys.returnUrl, saved);
    expect(await runSignInCommand({ type: 'enter-shell' }, io)).toBeNull();
    expect(navigate).toHaveBeenCalledWith(target);
    // Taken once: a later sign-in in this tab does not reuse it.
    await runSignInCommand({ type: 'enter-shell' }, io);
    expect(navigate).toHaveBeenLastCalledWith('/mfe-host');
  });

  it('off the identity provider\'s return address, to the bare sign-in page', async () => {
    expect(await runSignInCommand({ type: 'leave-sso-return' }, io)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth');
  });
});

describe('completeSsoReturn', () => {
  it.each([
    ['exchanged', { ok: true as const, granted, email: 'sso@acme.test' }, { ok: true, granted, email: 'sso@acme.test' }],
    ['refused', { ok: false as const, event: 'code_error' as const }, { ok: false }],
  ])('%s', async (_case, answer, result) => {
    vi.mocked(completeSso).mockResolvedValue(answer);
    expect(await completeSsoReturn(io)).toEqual({ type: 'sso-answered', result });
    expect(completeSso).toHaveBeenCalledWith(config, new URL('https://shell.test/auth?code=c&state=s'));
  });
});
