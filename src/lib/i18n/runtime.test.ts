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

describe('a bundle installed again', () => {
  // The screens re-render on these events (react-i18next's bindI18nStore), every translated component at once.
  const storeEvents = () => {
    const events: string[] = [];
    const added = () => events.push('added');
    const removed = () => events.push('removed');
    i18next.store.on('added', added);
    i18next.store.on('removed', removed);
    return { events, stop: () => (i18next.store.off('added', added), i18next.store.off('removed', removed)) };
  };

  it('with the same texts (a warm start’s re-check) changes nothing on screen: no store event', () => {
    installTranslations('en-us', { map: { Greeting: 'Hello', Farewell: 'Bye' }, fallBackToNotFound: false });
    const { events, stop } = storeEvents();
    installTranslations('en-us', { map: { Greeting: 'Hello', Farewell: 'Bye' }, fallBackToNotFound: false });
    stop();
    expect(events).toEqual([]);
  });

  it('with a text changed, added or gone replaces the bundle (the screens re-render)', () => {
    installTranslations('en-us', { map: { Greeting: 'Hello', Farewell: 'Bye' }, fallBackToNotFound: false });
    const maps: Record<string, string>[] = [{ Greeting: 'Hi', Farewell: 'Bye' }, { Greeting: 'Hi' }, { Greeting: 'Hi', Welcome: 'Welcome' }];
    for (const map of maps) {
      const { events, stop } = storeEvents();
      installTranslations('en-us', { map, fallBackToNotFound: false });
      stop();
      expect(events).toEqual(['removed', 'added']);
      expect(i18next.getResource('en-us', 'translation', 'Greeting')).toBe('Hi');
      expect(i18next.getResource('en-us', 'translation', 'Farewell')).toBe('Farewell' in map ? 'Bye' : undefined);
    }
  });
});
