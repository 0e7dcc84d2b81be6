/**
 * Text direction (SPEC §4 "Text direction"): right to left for languages written in the Arabic or
 * Hebrew script (Arabic, Hebrew, Persian, Urdu, …) when the setting is auto; otherwise the
 * configured direction. Decided from the language code alone: an explicit script subtag wins
 * (ar-latn is left to right, pa-arab right to left), else the language's usual script.
 * The platform's Language.IsRtl is informational only (contract).
 */
export type TextDirection = 'ltr' | 'rtl';
export type DirectionSetting = 'auto' | TextDirection;

/** ISO 15924 codes, lower case: Arabic (and its Nastaliq variant, used for Urdu) and Hebrew. */
const rtlScripts = new Set(['arab', 'aran', 'hebr']);

/** Languages whose usual script is Arabic or Hebrew. */
const rtlLanguages = new Set([
  'ar', // Arabic
  'arz', // Egyptian Arabic
  'ary', // Moroccan Arabic
  'fa', // Persian
  'prs', // Dari
  'ur', // Urdu
  'ps', // Pashto
  'sd', // Sindhi
  'ug', // Uyghur
  'ckb', // Central Kurdish (Sorani)
  'ks', // Kashmiri
  'pnb', // Western Punjabi (Shahmukhi)
  'he', // Hebrew
  'iw', // Hebrew (deprecated code)
  'yi', // Yiddish
]);

/** The direction in which a language code's text is written. */
export function languageDirection(code: string): TextDirection {
  const [language = '', ...subtags] = code.trim().toLowerCase().split(/[-_]/);
  const script = subtags.find((s) => /^[a-z]{4}$/.test(s));
  if (script) return rtlScripts.has(script) ? 'rtl' : 'ltr';
  return rtlLanguages.has(language) ? 'rtl' : 'ltr';
}

/** `auto` follows the language; an explicit setting wins. */
export function resolveDirection(code: string, setting: DirectionSetting = 'auto'): TextDirection {
  return setting === 'auto' ? languageDirection(code) : setting;
}
