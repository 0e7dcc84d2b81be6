import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage, storeLanguage } from './languageStore';
import { loadAnonymousTranslations } from './translations';

let notFoundSuffix = false;

/** SPEC §8: a missing key shows the key, or "key NOT FOUND" when the server asks for it. */
export function missingKeyText(key: string): string {
  return notFoundSuffix ? `${key} NOT FOUND` : key;
}

export async function initI18n(): Promise<typeof i18next> {
  const lang = currentLanguage();
  // The pipeline (page or service worker) reads the language from IndexedDB for Accept-Language.
  await storeLanguage(lang).catch(() => undefined);
  const loaded = await loadAnonymousTranslations(lang);
  notFoundSuffix = loaded.fallBackToNotFound;
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    lowerCaseLng: true, // language codes are lower case on the wire (contract LanguageCode)
    resources: { [lang]: { translation: loaded.map } },
    interpolation: { escapeValue: false }, // React escapes; HTML goes through the safe-content module
    parseMissingKeyHandler: missingKeyText,
    returnNull: false,
  });
  document.documentElement.lang = lang;
  return i18next;
}
