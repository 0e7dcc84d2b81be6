import { afterEach, describe, expect, it } from 'vitest';
import { broadcast, onSessionMessage, parseSessionMessage, type SessionMessage } from './sessionChannel';

/** What any same-origin script can do: post straight onto the channel, past `broadcast`. */
function forge(data: unknown): void {
  const channel = new BroadcastChannel('trust-shell.session');
  channel.postMessage(data);
  channel.close();
}

/** Collects what a subscriber is handed, then a marker message that shows delivery has caught up. */
async function delivered(send: () => void): Promise<SessionMessage[]> {
  const seen: SessionMessage[] = [];
  let done: () => void = () => undefined;
  const caughtUp = new Promise<void>((resolve) => (done = resolve));
  const stop = onSessionMessage((message) => {
    if (message.type === 'store-changed' && message.key === '__marker__') done();
    else seen.push(message);
  });
  send();
  broadcast({ type: 'store-changed', key: '__marker__' });
  await caughtUp;
  stop();
  return seen;
}

describe('session channel: messages are data, checked at the edge', () => {
  let stops: (() => void)[] = [];
  afterEach(() => {
    stops.forEach((stop) => stop());
    stops = [];
  });

  it.each([
    ['off-site redirect', { type: 'logoff', redirect: 'https://evil.test/' }],
    ['protocol-relative redirect', { type: 'logoff', redirect: '//evil.test/auth' }],
    ['backslash redirect', { type: 'logoff', redirect: '/\\evil.test' }],
    ['javascript: redirect', { type: 'logoff', redirect: 'javascript:alert(1)' }],
    ['another in-app path', { type: 'logoff', redirect: '/landing' }],
    ['/auth with a return address', { type: 'logoff', redirect: '/auth?returnUrl=https://evil.test' }],
    ['a path that only starts like /auth', { type: 'logoff', redirect: '/authx' }],
    ['SAML path with a second parameter', { type: 'logoff', redirect: '/access/v1/saml/logout?email=a&next=https://evil.test' }],
    ['SAML path elsewhere', { type: 'logoff', redirect: '/access/v1/saml/logout/../../../x' }],
    ['no redirect', { type: 'logoff' }],
    ['redirect not a string', { type: 'logoff', redirect: { toString: '/auth' } }],
    ['unknown type', { type: 'navigate', url: '/auth' }],
    ['tenant switch without a guid', { type: 'tenant-switched' }],
    ['tenant switch with a number', { type: 'tenant-switched', tenantGuid: 7 }],
    ['org group switch with null', { type: 'orggroup-switched', orgGroupGuid: null }],
    ['org group switch with a role that is not text', { type: 'orggroup-switched', orgGroupGuid: 'g-2', role: 7 }],
    ['connectivity as a string', { type: 'connectivity', online: 'false' }],
    ['store change without a key', { type: 'store-changed' }],
    ['a string', 'logoff'],
    ['null', null],
    ['an array', [{ type: 'session-changed' }]],
  ])('a forged message is dropped: %s', async (_name, data) => {
    expect(parseSessionMessage(data)).toBeNull();
    expect(await delivered(() => forge(data))).toEqual([]);
  });

  it.each([
    ['/auth', '/auth'],
    ['the SAML 2 sign-out path', '/authentication/saml2/logout?email=ada%40acme.test'],
    ['the legacy SAML sign-out path', '/access/v1/saml/logout?email=ada%40acme.test'],
  ])('a logoff to %s is passed on', async (_name, redirect) => {
    expect(await delivered(() => forge({ type: 'logoff', redirect }))).toEqual([{ type: 'logoff', redirect }]);
  });

  it('passes on every well-formed message, stripped of anything extra', async () => {
    const seen = await delivered(() => {
      forge({ type: 'session-changed', extra: 'x' });
      forge({ type: 'tenant-switched', tenantGuid: 't-2' });
      forge({ type: 'orggroup-switched', orgGroupGuid: 'g-2' });
      forge({ type: 'orggroup-switched', orgGroupGuid: 'g-2', role: 'Auditor' });
      forge({ type: 'connectivity', online: false });
      forge({ type: 'session-timeout' });
      forge({ type: 'store-changed', key: 'accessToken' });
    });
    expect(seen).toEqual([
      { type: 'session-changed' },
      { type: 'tenant-switched', tenantGuid: 't-2' },
      { type: 'orggroup-switched', orgGroupGuid: 'g-2' },
      { type: 'orggroup-switched', orgGroupGuid: 'g-2', role: 'Auditor' },
      { type: 'connectivity', online: false },
      { type: 'session-timeout' },
      { type: 'store-changed', key: 'accessToken' },
    ]);
  });
});
