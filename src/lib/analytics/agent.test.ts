import { describe, expect, it } from 'vitest';
import { readAgent } from './agent';

const full = { initialize() {}, isReady: () => true, track() {}, reset() {}, optOut() {} };

describe('readAgent (the documented global trustShellAnalytics)', () => {
  it('returns a global that has every method', () => {
    expect(readAgent({ trustShellAnalytics: full })).toBe(full);
  });

  it.each([undefined, null, 'agent', 42, {}, { ...full, optOut: 'no' }, { ...full, isReady: undefined }])('refuses %j', (value) => {
    expect(readAgent({ trustShellAnalytics: value })).toBeNull();
  });
});
