import { describe, expect, it } from 'vitest';
import { dateLocaleCodes, loadDateLocale } from './dateLocale';
import { dateLocaleLoaders } from './dateLocaleLoaders.chunk';

describe('date locales', () => {
  it('lists exactly the languages the loaders have', () => {
    expect([...dateLocaleCodes].sort()).toEqual(Object.keys(dateLocaleLoaders).sort());
  });

  it.each([
    ['de-de', 'de'],
    ['pt-BR', 'pt-BR'],
    ['pt-pt', 'pt'],
    ['zh-tw', 'zh-TW'],
    ['ar', 'ar'],
  ])('%s loads the %s locale', async (code, locale) => {
    expect((await loadDateLocale(code))?.code).toBe(locale);
  });

  it.each(['en-us', 'en-gb', 'xx'])('%s uses date-fns’s default (no locale)', async (code) => {
    expect(await loadDateLocale(code)).toBeUndefined();
  });
});
