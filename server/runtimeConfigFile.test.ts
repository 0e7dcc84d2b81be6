import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfigDocument, mergeConfig } from './runtimeConfigFile.ts';

function file(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'cfg-')), 'config.json');
  writeFileSync(path, content);
  return path;
}

describe('the served /config.json', () => {
  it('is the defaults without SHELL_CONFIG, with the example remote only beside the emulator', () => {
    expect(JSON.parse(buildConfigDocument(undefined).body)).toMatchObject({ authClient: { clientId: 'trust-shell' }, microFrontends: [] });
    expect((JSON.parse(buildConfigDocument(undefined, true).body) as { microFrontends: unknown }).microFrontends).toEqual([
      { name: 'Example', route: 'home', moduleUrl: '/remotes/example/remote.js' },
    ]);
  });

  it('merges objects deeply and replaces arrays', () => {
    expect(mergeConfig({ a: { b: 1, c: 2 }, list: [1, 2] }, { a: { c: 3 }, list: [9] })).toEqual({ a: { b: 1, c: 3 }, list: [9] });
    const served = JSON.parse(buildConfigDocument(file('{"authClient":{"scope":"read write"},"microFrontends":[]}'), true).body) as Record<string, unknown>;
    expect(served.authClient).toEqual({ clientId: 'trust-shell', scope: 'read write', requireHttps: false, oidc: false });
    expect(served.microFrontends).toEqual([]);
  });

  it('serves a file that is not JSON unchanged, with a warning, for the app to report', () => {
    const result = buildConfigDocument(file('{ nope'));
    expect(result.body).toBe('{ nope');
    expect(result.warning).toContain('not valid JSON');
  });
});
