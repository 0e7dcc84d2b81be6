import i18next from 'i18next';
import { storeLanguage } from './languageStore';
import { loadAnonymousTranslations } from './translations';

/** Switches the language without a reload: translations, <html lang>, stored language. */
export async function changeLanguage(code: string): Promise<void> {
  await storeLanguage(code);
  const loaded = await loadAnonymousTranslations(code);
  i18next.addResourceBundle(code, 'translation', loaded.map, true, true);
  await i18next.changeLanguage(code);
  document.documentElement.lang = code;
}
