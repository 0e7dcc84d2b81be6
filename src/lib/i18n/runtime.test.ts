import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { i18nOptions, includeSignedInShellTexts, installTranslations, prepareShellTexts } from './runtime';

describe('the shell texts a page installs', () => {
  beforeAll(async () => {
    // A signed-out start: the platform's catalogue has one of the signed-in area's keys.
    await prepareShellTexts('en-us');
    await i18next.init(i18nOptions('en-us', { UserMenu: 'Platform account menu' }));
  });

  it('a signed-out page has the signed-out pages’ texts only', () => {
    expect(i18next.t('SignInFailed')).toBe('Sign-in failed. Please try again.');
    expect(i18next.exists('DraftRestored')).toBe(false);
  });

  it('with a session every text is added under the bundle: the platform’s text still wins', async () => {
    await includeSignedInShellTexts();
    expect(i18next.exists('DraftRestored')).toBe(true);
    expect(i18next.t('UserMenu')).toBe('Platform account menu');
    expect(i18next.t('SignInFailed')).toBe('Sign-in failed. Please try again.');
  });

  it('a bundle installed later (another answer, another language) carries every text from then on', async () => {
    installTranslations('en-us', { map: {}, fallBackToNotFound: false });
    expect(i18next.exists('DraftRestored')).toBe(true);
    await prepareShellTexts('de-de');
    installTranslations('de-de', { map: {}, fallBackToNotFound: false });
    expect(i18next.getResource('de-de', 'translation', 'DraftRestored')).toEqual(expect.any(String));
  });
});
