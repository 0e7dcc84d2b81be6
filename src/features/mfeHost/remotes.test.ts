import { describe, expect, it } from 'vitest';
import { isLoadableModuleUrl, remoteForPath } from './remotes';
import { isPlatformCallPath } from './hostApi';

const remotes = [
  { name: 'Home', route: 'home', moduleUrl: '/remotes/home.js' },
  { name: 'Risk', route: 'risk', moduleUrl: '/remotes/risk.js' },
  { name: 'Risk register', route: 'risk/register', moduleUrl: '/remotes/register.js' },
];

describe('micro-frontend routing', () => {
  it.each([
    ['', 'Home'],
    ['home', 'Home'],
    ['risk', 'Risk'],
    ['risk/items/4', 'Risk'],
    ['risk/register', 'Risk register'],
    ['risk/register/7/', 'Risk register'],
    ['riskier', null],
    ['unknown/path', null],
  ])('/mfe-host/%s → %s', (path, name) => {
    expect(remoteForPath(remotes, path)?.name ?? null).toBe(name);
  });

  it('has nothing to mount without configured remotes', () => {
    expect(remoteForPath([], '')).toBeNull();
  });
});

describe('what a remote may load and call', () => {
  it.each([
    ['/remotes/example/remote.js', true],
    ['https://cdn.example.test/remote.js', true],
    ['//evil.test/remote.js', false],
    ['javascript:alert(1)', false],
    ['data:text/javascript,alert(1)', false],
  ])('module %s → %s', (url, ok) => {
    expect(isLoadableModuleUrl(url)).toBe(ok);
  });

  it.each([
    ['/api/access/v1/permissions', true],
    ['/eu-tenant-7/api/x', false],
    ['https://evil.test/api/x', false],
    ['//evil.test/api/x', false],
    ['/config.json', false],
  ])('host.fetch %s → %s', (path, ok) => {
    expect(isPlatformCallPath(path)).toBe(ok);
  });
});
