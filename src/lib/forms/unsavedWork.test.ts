import { describe, expect, it } from 'vitest';
import { declareUnsavedWork, hasUnsavedWork } from './unsavedWork';

describe('unsaved work', () => {
  it('counts while any screen says it holds input, and stops when each is clean or gone', () => {
    const a = declareUnsavedWork();
    const b = declareUnsavedWork();
    expect(hasUnsavedWork()).toBe(false);
    a.set(true);
    b.set(true);
    a.set(false);
    expect(hasUnsavedWork()).toBe(true);
    b.release();
    expect(hasUnsavedWork()).toBe(false);
  });
});
