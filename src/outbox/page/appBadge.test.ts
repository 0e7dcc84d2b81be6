import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let calls: string[];

beforeEach(() => {
  vi.resetModules();
  calls = [];
  vi.stubGlobal('navigator', {
    setAppBadge: (n?: number) => (calls.push(`set ${n}`), Promise.resolve()),
    clearAppBadge: () => (calls.push('clear'), Promise.resolve()),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('app badge (waiting writes)', () => {
  it('shows the count, asks once per change, clears at zero', async () => {
    const { showWaitingWrites } = await import('./appBadge');
    showWaitingWrites(2);
    showWaitingWrites(2);
    showWaitingWrites(1);
    showWaitingWrites(0);
    showWaitingWrites(0);
    expect(calls).toEqual(['set 2', 'set 1', 'clear']);
  });

  it('clears at sign-out, and shows the count again afterwards', async () => {
    const { clearWaitingWrites, showWaitingWrites } = await import('./appBadge');
    showWaitingWrites(3);
    clearWaitingWrites();
    showWaitingWrites(3);
    expect(calls).toEqual(['set 3', 'clear', 'set 3']);
  });

  it('does nothing where the browser has no Badging API, and survives a refusal', async () => {
    vi.stubGlobal('navigator', { setAppBadge: () => Promise.reject(new Error('NotAllowedError')) });
    const { clearWaitingWrites, showWaitingWrites } = await import('./appBadge');
    expect(() => {
      showWaitingWrites(1);
      showWaitingWrites(0);
      clearWaitingWrites();
    }).not.toThrow();
  });
});
