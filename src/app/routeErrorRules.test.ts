import { describe, expect, it } from 'vitest';
import { isChunkLoadError, maySelfReload, selfReloadWindowMs } from './routeErrorRules';

describe('route error rules', () => {
  it('recognises a lazy page file that could not be fetched, in each browser', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/A.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/assets/A.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/A.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads by itself once per window, never in a loop', () => {
    const now = 1_000_000;
    expect(maySelfReload(null, now)).toBe(true);
    expect(maySelfReload(now - 1_000, now)).toBe(false);
    expect(maySelfReload(now - selfReloadWindowMs, now)).toBe(true);
    // A corrupt or future time does not block it for ever.
    expect(maySelfReload(Number.NaN, now)).toBe(true);
    expect(maySelfReload(now + 60_000, now)).toBe(true);
  });
});
