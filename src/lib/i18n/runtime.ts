import i18next, { type InitOptions } from 'i18next';
import type { Locale } from 'date-fns';
import { atom, appStore } from '../../state/jotai';
import { defaultLanguage } from './languageStore';
import { resolveDirection, type DirectionSetting, type TextDirection } from './direction';
import { dateLocaleAtom } from './dateLocale';
import type { LoadedTranslations } from './translations';
import type { ShellTexts } from './shellTexts';
import { loadShellTexts, withShellTexts, type ShellTextsPart } from './shellTextsLoader';

/**
 * The live i18n state shared by the loaders and the screens: the i18next instance's bundles, the
 * NOT FOUND flag, the current language and direction (atoms, and <html lang dir>).
 */
let fallBackToNotFound = false;

/** The server's FallBackToNotFound of the language on screen. */
export function setFallBackToNotFound(value: boolean): void {
  fallBackToNotFound = value;
}

/** SPEC §8: a missing key shows the key, or "key NOT FOUND" when the server asks for it. */
export function missingKeyText(key: string): string {
  return fallBackToNotFound ? `${key} NOT FOUND` : key;
}

/** The language on screen (contract LanguageCode) and its text direction. */
export const languageAtom = atom<string>(defaultLanguage);
export const textDirectionAtom = atom<TextDirection>('ltr');

/** SPEC §4: the configured direction (RuntimeConfig textDirection); `auto` follows the language. */
let directionSetting: DirectionSetting = 'auto';

/** Sets the configured direction and applies it to the language on screen at once. */
export function setDirectionSetting(setting: DirectionSetting): void {
  directionSetting = setting;
  applyDirection(appStore.get(languageAtom));
}

/** The shell's built-in texts per language (and whether all of them), loaded before that language's bundle is installed. */
const shellTextsByLanguage = new Map<string, { texts: Partial<ShellTexts>; part: ShellTextsPart }>();
/** Signed-out pages need only their own part of the texts; once a signed-in page (or the UI kit) showed, every language loads all. */
let shellTextsPart: ShellTextsPart = 'signedOut';

/** Loads the built-in texts of `lang` once; call before installing its translations. `all` from a signed-in start on. */
export async function prepareShellTexts(lang: string, options: { all?: boolean } = {}): Promise<void> {
  if (options.all) shellTextsPart = 'all';
  const part = shellTextsPart;
  const kept = shellTextsByLanguage.get(lang);
  if (kept && (kept.part === 'all' || part === 'signedOut')) return;
  const texts = await loadShellTexts(lang, part);
  if (shellTextsByLanguage.get(lang)?.part !== 'all') shellTextsByLanguage.set(lang, { texts, part });
}

/**
 * The signed-in area and the UI kit page: every shell text, for the language on screen and every
 * later one. The rest is added under the installed bundle (a key the platform's catalogue has keeps
 * the platform's text), which re-renders the screens.
 */
export async function includeSignedInShellTexts(): Promise<void> {
  const lang = i18next.language;
  if (!lang) {
    shellTextsPart = 'all'; // not started yet: the first bundle will carry them
    return;
  }
  await prepareShellTexts(lang, { all: true });
  const texts = shellTextsByLanguage.get(lang)?.texts ?? {};
  if (i18next.hasResourceBundle(lang, 'translation')) i18next.addResourceBundle(lang, 'translation', texts, true, false);
}

/** The main bundle gets the shell's own keys where the platform's catalogue lacks them. */
function withBuiltIns(lang: string, map: Record<string, string>, namespace: string): Record<string, string> {
  return namespace === 'translation' ? withShellTexts(map, shellTextsByLanguage.get(lang)?.texts ?? {}) : map;
}

/** The i18next options of the shell (one namespace per bundle; modules get their own). */
export function i18nOptions(lang: string, map: Record<string, string>): InitOptions {
  return {
    lng: lang,
    fallbackLng: false,
    lowerCaseLng: true, // language codes are lower case on the wire (contract LanguageCode)
    load: 'currentOnly',
    resources: { [lang]: { translation: withBuiltIns(lang, map, 'translation') } },
    interpolation: { escapeValue: false }, // React escapes; HTML goes through the safe-content module
    parseMissingKeyHandler: missingKeyText,
    returnNull: false,
    // Re-render every screen when a language changes or its bundle is replaced (no reload).
    react: { bindI18n: 'languageChanged', bindI18nStore: 'added removed' },
  };
}

/**
 * Replaces one bundle of a language. Null (nothing loaded, nothing remembered) keeps what is there;
 * a language with no bundle at all gets an empty one, so its keys show (contract fall-back).
 */
export function installTranslations(lang: string, loaded: LoadedTranslations | null, namespace = 'translation'): void {
  if (!loaded) {
    if (!i18next.hasResourceBundle(lang, namespace)) i18next.addResourceBundle(lang, namespace, withBuiltIns(lang, {}, namespace));
    return;
  }
  const bundle = withBuiltIns(lang, loaded.map, namespace);
  // The same texts again (a warm start's re-check): no store event, so no screen re-renders (every
  // translated component would, at once, in one long task).
  if (i18next.hasResourceBundle(lang, namespace) && sameTexts(i18next.getResourceBundle(lang, namespace) as Record<string, string>, bundle)) return;
  // Replace, not merge: a key the new answer no longer has must not linger from the old one.
  i18next.removeResourceBundle(lang, namespace);
  i18next.addResourceBundle(lang, namespace, bundle);
}

function sameTexts(shown: Record<string, string>, next: Record<string, string>): boolean {
  const keys = Object.keys(next);
  return keys.length === Object.keys(shown).length && keys.every((key) => shown[key] === next[key]);
}

/** <html dir> and the direction atom for `lang` under the configured direction. */
function applyDirection(lang: string): void {
  const direction = resolveDirection(lang, directionSetting);
  const root = globalThis.document?.documentElement;
  if (root) root.dir = direction;
  appStore.set(textDirectionAtom, direction);
}

/** <html lang dir>, the atoms, and the date locale of the language now on screen. */
export function applyDocumentLanguage(lang: string, dateLocale?: Locale): void {
  const root = globalThis.document?.documentElement;
  if (root) root.lang = lang;
  applyDirection(lang);
  appStore.set(languageAtom, lang);
  appStore.set(dateLocaleAtom, dateLocale);
}
