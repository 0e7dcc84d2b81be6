import { describe, expect, it } from 'vitest';
import { languageDirection, resolveDirection, type DirectionSetting, type TextDirection } from './direction';

describe('text direction from the language code (SPEC §4: Arabic, Hebrew, Persian and Urdu scripts)', () => {
  it.each<[string, TextDirection]>([
    ['ar', 'rtl'],
    ['ar-eg', 'rtl'],
    ['ar-SA', 'rtl'],
    ['AR', 'rtl'],
    ['ar_ae', 'rtl'],
    ['he', 'rtl'],
    ['he-il', 'rtl'],
    ['iw', 'rtl'],
    ['yi', 'rtl'],
    ['fa', 'rtl'],
    ['fa-ir', 'rtl'],
    ['prs', 'rtl'],
    ['ur', 'rtl'],
    ['ur-pk', 'rtl'],
    ['ps', 'rtl'],
    ['ckb', 'rtl'],
    ['ug', 'rtl'],
    // An explicit script subtag wins over the language's usual script.
    ['pa-arab', 'rtl'],
    ['az-arab-ir', 'rtl'],
    ['ur-aran', 'rtl'],
    ['lad-hebr', 'rtl'],
    ['ar-latn', 'ltr'],
    ['ku-arab', 'rtl'],
    ['sd-deva', 'ltr'],
    ['uz-cyrl', 'ltr'],
    // Left to right.
    ['en-us', 'ltr'],
    ['en', 'ltr'],
    ['de-de', 'ltr'],
    ['fr-ca', 'ltr'],
    ['pa', 'ltr'],
    ['tr', 'ltr'],
    ['zh-hant-tw', 'ltr'],
    ['ja', 'ltr'],
    ['am', 'ltr'],
    ['', 'ltr'],
    ['  ', 'ltr'],
  ])('%j is %s', (code, direction) => {
    expect(languageDirection(code)).toBe(direction);
  });
});

describe('the direction setting', () => {
  it.each<[string, DirectionSetting, TextDirection]>([
    ['ar', 'auto', 'rtl'],
    ['en-us', 'auto', 'ltr'],
    ['ar', 'ltr', 'ltr'],
    ['en-us', 'rtl', 'rtl'],
  ])('%s with %s is %s', (code, setting, direction) => {
    expect(resolveDirection(code, setting)).toBe(direction);
  });

  it('defaults to auto', () => {
    expect(resolveDirection('he')).toBe('rtl');
  });
});
