import { describe, expect, it } from 'vitest';
import { shellTextKeys, shellTextLanguages, signedOutShellTextKeys } from './shellTexts';
import { loadShellTexts, shellTextLanguageOf, withShellTexts } from './shellTextsLoader';

describe("the shell's own texts", () => {
  it.each(shellTextLanguages)('%s has a non-empty text for every listed key', async (lang) => {
    const texts = await loadShellTexts(lang);
    expect(Object.keys(texts).sort()).toEqual([...shellTextKeys].sort());
    expect(Object.entries(texts).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it.each(shellTextLanguages)('%s: a signed-out page loads only the signed-out pages’ texts', async (lang) => {
    const texts = await loadShellTexts(lang, 'signedOut');
    expect(Object.keys(texts).sort()).toEqual([...signedOutShellTextKeys].sort());
  });

  it('the platform’s text wins; the built-in one fills only a missing key', () => {
    expect(withShellTexts({ DraftRestored: 'Platform text' }, { DraftRestored: 'Built-in', Retry: 'Try again' })).toEqual({
      DraftRestored: 'Platform text',
      Retry: 'Try again',
    });
  });

  it.each([
    ['en-us', 'en-us'],
    ['de-de', 'de-de'],
    ['de-at', 'de-de'],
    ['ar', 'ar'],
    ['ar-eg', 'ar'],
    ['fr-fr', 'en-us'],
  ])('%s uses the %s texts', (lang, shipped) => {
    expect(shellTextLanguageOf(lang)).toBe(shipped);
  });
});
