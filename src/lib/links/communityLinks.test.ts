import { describe, expect, it } from 'vitest';
import { communityOrigin, connectedAppTarget, rewriteTarget, type CommunitySettings } from './communityLinks';

const settings: CommunitySettings = { origin: 'https://community.trust-shell.test', connectedApps: ['community.trust-shell.test', 'other.test'] };

describe('communityOrigin (contract: configured origin, else the origin of content CommunityAppUrl)', () => {
  it.each([
    ['https://configured.test', 'https://community.test/home', 'https://configured.test'],
    [null, 'https://Community.Test:8443/home?x=1', 'https://community.test:8443'],
    [null, null, null],
    [null, 'javascript:alert(1)', null],
    [null, 'not a url', null],
    [null, '/relative', null],
  ])('%s / %s → %s', (configured, url, expected) => {
    expect(communityOrigin(configured, url)).toBe(expected);
  });
});

describe('rewriteTarget (SPEC §5: community origin and a connected host only)', () => {
  it('sends a community link through /auth/connected-apps with its path, query and fragment', () => {
    expect(rewriteTarget('https://community.trust-shell.test/forum/7?sort=new&x=a b#top', settings)).toBe(
      '/auth/connected-apps?landingPage=%2Fforum%2F7%3Fsort%3Dnew%26x%3Da%2520b%23top&application=community.trust-shell.test',
    );
  });

  it.each([
    ['another origin', 'https://elsewhere.test/forum'],
    ['a look-alike origin', 'https://community.trust-shell.test.evil.test/x'],
    ['another scheme', 'http://community.trust-shell.test/x'],
    ['another port', 'https://community.trust-shell.test:8443/x'],
    ['a relative in-app link', '/mfe-host/home'],
    ['javascript:', 'javascript:alert(1)'],
    ['mailto:', 'mailto:a@community.trust-shell.test'],
  ])('leaves %s alone', (_, href) => {
    expect(rewriteTarget(href, settings, 'https://shell.test/')).toBeNull();
  });

  it('needs the community host among the connected apps and a community origin', () => {
    expect(rewriteTarget('https://community.trust-shell.test/x', { ...settings, connectedApps: ['other.test'] })).toBeNull();
    expect(rewriteTarget('https://community.trust-shell.test/x', { ...settings, origin: null })).toBeNull();
  });

  it('a userinfo link to the community origin lands on the plain community path', () => {
    const rewritten = rewriteTarget('https://evil.test@community.trust-shell.test/x', settings);
    expect(rewritten).toBe('/auth/connected-apps?landingPage=%2Fx&application=community.trust-shell.test');
  });
});

const query = (landingPage: string | null, application: string | null = 'community.trust-shell.test') => {
  const params = new URLSearchParams();
  if (landingPage !== null) params.set('landingPage', landingPage);
  if (application !== null) params.set('application', application);
  return params;
};

describe('connectedAppTarget (the /auth/connected-apps redirect is never an open redirect)', () => {
  it.each([
    ['/forum/7?sort=new#top', 'https://community.trust-shell.test/forum/7?sort=new#top'],
    ['/', 'https://community.trust-shell.test/'],
    ['/%2F%2Fevil.test', 'https://community.trust-shell.test/%2F%2Fevil.test'],
    ['/%5Cevil.test', 'https://community.trust-shell.test/%5Cevil.test'],
    ['/@evil.test', 'https://community.trust-shell.test/@evil.test'],
    ['/x?next=https://evil.test', 'https://community.trust-shell.test/x?next=https://evil.test'],
  ])('follows the path %s to %s', (landingPage, expected) => {
    expect(connectedAppTarget(query(landingPage), settings)).toBe(expected);
  });

  it('round-trips what rewriteTarget produced', () => {
    const rewritten = rewriteTarget('https://community.trust-shell.test/a b/ü?q=1#f', settings)!;
    const params = new URL(rewritten, 'https://shell.test').searchParams;
    expect(connectedAppTarget(params, settings)).toBe('https://community.trust-shell.test/a%20b/%C3%BC?q=1#f');
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['a scheme', 'https://evil.test/'],
    ['a protocol-relative address', '//evil.test/x'],
    ['a backslash trick', '/\\evil.test'],
    ['a backslash first', '\\\\evil.test'],
    ['a tab trick', '/\t/evil.test'],
    ['a newline', '/x\nSet-Cookie: a'],
    ['a NUL', '/x\u0000'],
    ['a space', '/ //evil.test'],
    ['a relative path', 'forum/7'],
    ['userinfo', 'evil.test@community.trust-shell.test/'],
    ['an empty value', ''],
    ['no value', null],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
  ])('refuses %s as landingPage', (_, landingPage) => {
    expect(connectedAppTarget(query(landingPage), settings)).toBeNull();
  });

  it('refuses an encoded // that arrives decoded once (%2F%2F in the address bar)', () => {
    const params = new URL('https://shell.test/auth/connected-apps?landingPage=%2F%2Fevil.test&application=community.trust-shell.test').searchParams;
    expect(connectedAppTarget(params, settings)).toBeNull();
    const backslash = new URL('https://shell.test/auth/connected-apps?landingPage=%2F%5Cevil.test&application=community.trust-shell.test').searchParams;
    expect(connectedAppTarget(backslash, settings)).toBeNull();
  });

  it.each([
    ['an unknown host', 'evil.test'],
    ['a connected app that is not the community host', 'other.test'],
    ['userinfo', 'evil.test@community.trust-shell.test'],
    ['a path', 'community.trust-shell.test/x'],
    ['a scheme', 'https://community.trust-shell.test'],
    ['an empty value', ''],
    ['no value', null],
  ])('refuses %s as application', (_, application) => {
    expect(connectedAppTarget(query('/x', application), settings)).toBeNull();
  });

  it('accepts the application in another letter case', () => {
    expect(connectedAppTarget(query('/x', 'Community.Trust-Shell.test'), settings)).toBe('https://community.trust-shell.test/x');
  });

  it('refuses repeated parameters, a missing community origin or no connected apps', () => {
    const twice = query('/x');
    twice.append('landingPage', '//evil.test');
    expect(connectedAppTarget(twice, settings)).toBeNull();
    expect(connectedAppTarget(query('/x'), { ...settings, origin: null })).toBeNull();
    expect(connectedAppTarget(query('/x'), { ...settings, connectedApps: [] })).toBeNull();
  });
});
