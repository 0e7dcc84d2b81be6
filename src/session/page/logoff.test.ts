// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { endSessionUrl, saveReturnUrl } from './logoff';

const key = 'trust-shell.returnUrl';

describe('saveReturnUrl keeps only paths worth returning to (SPEC §2)', () => {
  beforeEach(() => sessionStorage.clear());

  it.each(['/mfe-host/risk?tab=2', '/mfe-host'])('saves %s for this tab', (path) => {
    saveReturnUrl(path);
    expect(sessionStorage.getItem(key)).toBe(path);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it.each(['/auth', '/landing', '/404', '/eula', '/', '/welcome', 'https://evil.test/x', '//evil.test'])('does not save %s', (path) => {
    saveReturnUrl(path);
    expect(sessionStorage.getItem(key)).toBeNull();
  });
});

describe('endSessionUrl: the identity provider sign-out of an OIDC session', () => {
  const origin = 'https://shell.test';
  const client = { clientId: 'trust-shell', tokenEndpoint: '/t', endSessionEndpoint: 'https://idp.test/logout?x=1' };

  it('carries the ID token hint, the client and /auth to come back to', () => {
    const url = new URL(endSessionUrl(client, 'a.b.c', origin)!);
    expect(url.origin + url.pathname).toBe('https://idp.test/logout');
    expect(Object.fromEntries(url.searchParams)).toEqual({ x: '1', id_token_hint: 'a.b.c', client_id: 'trust-shell', post_logout_redirect_uri: 'https://shell.test/auth' });
  });

  it('resolves a relative logoutUrl on the shell’s origin', () => {
    expect(endSessionUrl({ ...client, endSessionEndpoint: '/oidc/endsession' }, null, origin)).toBe(
      'https://shell.test/oidc/endsession?client_id=trust-shell&post_logout_redirect_uri=https%3A%2F%2Fshell.test%2Fauth',
    );
  });

  it.each([[undefined], [null], ['javascript:alert(1)']])('none without a usable endpoint (%s)', (endSessionEndpoint) => {
    expect(endSessionUrl({ ...client, endSessionEndpoint }, 'a.b.c', origin)).toBeNull();
  });
});
