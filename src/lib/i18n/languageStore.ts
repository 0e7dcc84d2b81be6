import { storageKeys } from '../storage/keys';
import { readLocal, writeLocal } from '../storage/localStore';
import { sessionKeys, writeKv } from '../../session/core/sessionDb';

export const defaultLanguage = 'en-us';

/** Contract LanguageCode (lower case). */
const languageCode = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/;

export function isLanguageCode(value: unknown): value is string {
  return typeof value === 'string' && languageCode.test(value);
}

/** The stored language (SPEC §9 default en-us); anything that is not a language code is ignored. */
export function currentLanguage(): string {
  const stored = readLocal(storageKeys.selectedLanguage);
  return isLanguageCode(stored) ? stored : defaultLanguage;
}

/**
 * Whether the member picked a language in this browser (a language menu), as opposed to the
 * default or the language the platform has for the member (token languageId). Only a pick made
 * here overrides the member's platform language after sign-in. Kept in SPEC §3's "updated
 * language code" key, which sign-out does not clear.
 */
export function hasChosenLanguage(): boolean {
  return isLanguageCode(readLocal(storageKeys.updatedLanguageCode));
}

/**
 * Stores the language for this page (local storage, read synchronously at start) and for the
 * request pipeline in every context (IndexedDB), which sends it as Accept-Language. `chosen` marks
 * a member's own pick (see hasChosenLanguage).
 */
export async function storeLanguage(code: string, options: { chosen?: boolean } = {}): Promise<void> {
  if (!isLanguageCode(code)) return;
  writeLocal(storageKeys.selectedLanguage, code);
  if (options.chosen) writeLocal(storageKeys.updatedLanguageCode, code);
  await writeKv(sessionKeys.language, code);
}
