import { describe, expect, it } from 'vitest';
import { ConfigError, defaultRuntimeConfig, parseRuntimeConfig } from './runtimeConfig';

describe('runtime configuration', () => {
  it('defaults every field (contract RuntimeConfig)', () => {
    expect(defaultRuntimeConfig.authClient).toMatchObject({ clientId: 'trust-shell', scope: 'read', requireHttps: false, oidc: false, issuer: null, refreshGraceSeconds: 60 });
    expect(defaultRuntimeConfig).toMatchObject({ webToLeadUrl: null, connectedApps: [], microFrontends: [], analytics: { scriptUrl: null } });
    expect(parseRuntimeConfig(null)).toEqual(defaultRuntimeConfig);
  });

  it('keeps given values and fills the rest', () => {
    const c = parseRuntimeConfig({ authClient: { scope: 'read write' }, connectedApps: ['community.test'] });
    expect(c.authClient).toMatchObject({ scope: 'read write', clientId: 'trust-shell' });
    expect(c.connectedApps).toEqual(['community.test']);
    expect(parseRuntimeConfig({ authClient: { refreshGraceSeconds: 0 } }).authClient.refreshGraceSeconds).toBe(0);
    expect(parseRuntimeConfig({ authClient: { refreshGraceSeconds: 300 } }).authClient.refreshGraceSeconds).toBe(300);
  });

  it('text direction (SPEC §4) defaults to auto and may force ltr or rtl; the auto refresh factor (SPEC §9) defaults to 0.8', () => {
    expect(defaultRuntimeConfig.textDirection).toBe('auto');
    expect(defaultRuntimeConfig.authClient.autoRefreshFactor).toBe(0.8);
    expect(parseRuntimeConfig({ textDirection: 'rtl' }).textDirection).toBe('rtl');
    expect(parseRuntimeConfig({ textDirection: 'ltr' }).textDirection).toBe('ltr');
    expect(parseRuntimeConfig({ textDirection: 'auto' }).textDirection).toBe('auto');
    expect(parseRuntimeConfig({ authClient: { autoRefreshFactor: 0.5 } }).authClient.autoRefreshFactor).toBe(0.5);
    expect(parseRuntimeConfig({ authClient: { autoRefreshFactor: 1 } }).authClient.autoRefreshFactor).toBe(1);
  });

  it.each([
    [{ textDirection: 'sideways' }, 'textDirection: expected one of auto, ltr, rtl'],
    [{ textDirection: 'RTL' }, 'textDirection: expected one of auto, ltr, rtl'],
    [{ textDirection: null }, 'textDirection: expected one of auto, ltr, rtl'],
    [{ authClient: { autoRefreshFactor: 0 } }, 'authClient.autoRefreshFactor: must be more than 0 and at most 1'],
    [{ authClient: { autoRefreshFactor: -0.5 } }, 'authClient.autoRefreshFactor: must be more than 0 and at most 1'],
    [{ authClient: { autoRefreshFactor: 1.5 } }, 'authClient.autoRefreshFactor: must be more than 0 and at most 1'],
    [{ authClient: { autoRefreshFactor: '0.8' } }, 'authClient.autoRefreshFactor: expected number'],
  ])('refuses %j: %s', (raw, problem) => {
    expect(() => parseRuntimeConfig(raw)).toThrow(ConfigError);
    try {
      parseRuntimeConfig(raw);
    } catch (e) {
      expect((e as ConfigError).problems).toEqual([problem]);
    }
  });

  it.each([
    [{ authClient: { requireHttps: 'yes' } }, 'authClient.requireHttps'],
    [{ authClient: { oidc: true } }, 'authClient.issuer'],
    [{ unknownField: 1 }, 'unknownField'],
    [{ microFrontends: [{ name: 'x', route: '../evil', moduleUrl: '/m.js' }] }, 'microFrontends.0.route'],
    [{ communityAppOrigin: 'javascript:alert(1)' }, 'communityAppOrigin'],
    [[], '(root)'],
    [{ authClient: { refreshGraceSeconds: 301 } }, 'authClient.refreshGraceSeconds'],
    [{ authClient: { refreshGraceSeconds: -1 } }, 'authClient.refreshGraceSeconds'],
    [{ authClient: { refreshGraceSeconds: 1.5 } }, 'authClient.refreshGraceSeconds'],
    [{ authClient: { refreshGraceSeconds: '60' } }, 'authClient.refreshGraceSeconds'],
  ])('refuses %j naming %s', (raw, field) => {
    expect(() => parseRuntimeConfig(raw)).toThrow(ConfigError);
    try {
      parseRuntimeConfig(raw);
    } catch (e) {
      expect((e as ConfigError).problems.join('\n')).toContain(field);
    }
  });
});
