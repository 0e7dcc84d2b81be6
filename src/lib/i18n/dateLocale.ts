import type { Locale } from 'date-fns';
import { atom } from '../../state/jotai';

/**
 * The date-fns locale of the current language, loaded on demand (each is its own chunk). Dates are numeric, so a locale only changes the 12-hour day period; English uses
 * date-fns's built-in default (undefined here).
 */
export const dateLocaleAtom = atom<Locale | undefined>(undefined);

/**
 * The languages with a date-fns locale of their own (region-specific codes as well): their loaders
 * are a chunk of their own (`dateLocaleLoaders`), so a page in English, such as most sign-in pages,
 * never downloads the table.
 */
export const dateLocaleCodes: ReadonlySet<string> = new Set(['ar', 'ckb', 'de', 'es', 'fa', 'fr', 'he', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'pt-br', 'ru', 'sv', 'tr', 'ug', 'zh', 'zh-tw']);

/** The locale of a language code (region-specific first, then the language), or undefined for the default. */
export async function loadDateLocale(code: string): Promise<Locale | undefined> {
  const lower = code.toLowerCase();
  const [language = ''] = lower.split('-');
  const localeCode = dateLocaleCodes.has(lower) ? lower : dateLocaleCodes.has(language) ? language : null;
  if (localeCode === null) return undefined;
  try {
    const { dateLocaleLoaders } = await import('./dateLocaleLoaders.chunk');
    return await dateLocaleLoaders[localeCode]!();
  } catch {
    return undefined; // offline before the chunk was cached: English day periods
  }
}
