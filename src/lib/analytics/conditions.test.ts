import { describe, expect, it } from 'vitest';
import { analyticsAllowed, scriptAddress, usableKey } from './conditions';
import type { ToolPreferences } from '../state/globalStateTypes';

const prefs = (ProductImprovements: boolean): ToolPreferences => ({ UserFeedback: true, UserGuidance: true, ProductImprovements, ProductImprovementsNotification: false });
const granted = new Set(['Login', 'ProductAnalytics']);

describe('analytics conditions (SPEC §4: key, ProductAnalytics, ProductImprovements)', () => {
  it('runs only when all three hold', () => {
    expect(analyticsAllowed({ customerSuccessKey: 'cs-key', permissions: granted, toolPreferences: prefs(true) })).toBe(true);
  });

  it.each([
    ['a null key', { customerSuccessKey: null, permissions: granted, toolPreferences: prefs(true) }],
    ['a blank key', { customerSuccessKey: ' \t\n', permissions: granted, toolPreferences: prefs(true) }],
    ['an empty key', { customerSuccessKey: '', permissions: granted, toolPreferences: prefs(true) }],
    ['no ProductAnalytics', { customerSuccessKey: 'cs-key', permissions: new Set(['Login']), toolPreferences: prefs(true) }],
    ['ProductImprovements off', { customerSuccessKey: 'cs-key', permissions: granted, toolPreferences: prefs(false) }],
    ['unknown preferences (read failed)', { customerSuccessKey: 'cs-key', permissions: granted, toolPreferences: null }],
  ])('does not run with %s', (_, inputs) => {
    expect(analyticsAllowed(inputs)).toBe(false);
  });

  it('trims the key and treats blank as none (SPEC §5)', () => {
    expect(usableKey('  k ')).toBe('k');
    expect(usableKey('   ')).toBeNull();
    expect(usableKey(undefined)).toBeNull();
  });
});

describe('scriptAddress (contract AnalyticsConfig.scriptUrl)', () => {
  it('replaces every {key} with the URL-encoded key', () => {
    expect(scriptAddress('https://cdn.test/agent/{key}/agent.js?k={key}', 'a b/c?&#')).toBe(
      'https://cdn.test/agent/a%20b%2Fc%3F%26%23/agent.js?k=a%20b%2Fc%3F%26%23',
    );
  });

  it('is null without a configured address or a usable key', () => {
    expect(scriptAddress(null, 'k')).toBeNull();
    expect(scriptAddress('/agent/{key}.js', '  ')).toBeNull();
  });
});
