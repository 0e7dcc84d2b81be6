import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each time: the policy is created once per page. */
async function load() {
  vi.resetModules();
  return import('./scriptUrls');
}

// The shell's origin (the test DOM's page is about:blank).
beforeEach(() => vi.stubGlobal('location', new URL('https://shell.test/mfe-host')));
afterEach(() => vi.unstubAllGlobals());

describe('the script-address policy', () => {
  it('passes this build’s service worker and files on this origin, and a configured address; refuses anything else', async () => {
    const { allowScriptAddress, trustedScriptUrl } = await load();
    expect(trustedScriptUrl('/sw.js')).toBe('/sw.js');
    expect(trustedScriptUrl('/assets/orgTree.worker-DvdqcYHW.js')).toBe('/assets/orgTree.worker-DvdqcYHW.js');
    expect(trustedScriptUrl(`${location.origin}/assets/main-abc.js`)).toBe(`${location.origin}/assets/main-abc.js`);
    for (const address of [
      'https://evil.test/sw.js',
      '//evil.test/assets/x.js',
      'data:text/javascript,alert(1)',
      'javascript:alert(1)',
      'blob:https://evil.test/1',
      '/assets/../evil.js',
      '/sw.js?next=1',
      '/assets/x.js#y',
      '/assets/sub/x.js',
      '/api/x.js',
      'https://cdn.analytics.test/key/agent.js',
    ]) {
      expect(() => trustedScriptUrl(address), address).toThrow(TypeError);
    }
    allowScriptAddress('https://cdn.analytics.test/key/agent.js');
    expect(trustedScriptUrl('https://cdn.analytics.test/key/agent.js')).toBe('https://cdn.analytics.test/key/agent.js');
    expect(() => trustedScriptUrl('https://cdn.analytics.test/other.js')).toThrow(TypeError);
  });

  it('under Trusted Types, creates its one named policy once and gives what it returns', async () => {
    const created: string[] = [];
    const createPolicy = vi.fn((name: string, rules: { createScriptURL: (url: string) => string }) => {
      created.push(name);
      return { createScriptURL: (url: string) => ({ trusted: rules.createScriptURL(url) }) };
    });
    vi.stubGlobal('trustedTypes', { createPolicy });
    const { trustedScriptUrl } = await load();
    expect(trustedScriptUrl('/sw.js')).toEqual({ trusted: '/sw.js' });
    expect(() => trustedScriptUrl('https://evil.test/x.js')).toThrow(TypeError);
    expect(created).toEqual(['trust-shell-script-url']);
  });
});
