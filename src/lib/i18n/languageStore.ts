import { storageKeys } from '../storage/keys';
import { readLocal, writeLocal } from '../storage/localStore';
import { sessionKeys, writeKv } from '../../core/session/sessionDb';

export const defaultLanguage = 'en-us';
const languageCode = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/;

/** The stored language (SPEC §9 default en-us); anything that is not a language code is ignored. */
export function currentLanguage(): string {
  const stored = readLocal(storageKeys.selectedLanguage);
  return stored && languageCode.test(stored) ? stored : defaultLanguage;
}

/**
 * Stores the language for this page (local storage, read synchronously) and for the service worker
 * (IndexedDB), which sends it as Accept-Language.
 */
export async function storeLanguage(code: string): Promise<void> {
  if (!languageCode.test(code)) return;
  writeLocal(storageKeys.selectedLanguage, code);
  await writeKv(sessionKeys.language, code);
}
