import * as z from 'zod/mini';
import { atom, appStore } from '../../state/jotai';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { readKv, writeKv } from '../../session/core/sessionDb';
import { defaultLanguage } from './languageStore';

/** Contract Language (Assumed shape); the codes must be contract LanguageCodes. */
const languageSchema = z.lazy(() => z.object({
  Id: z.number(),
  Code: z.string().check(z.regex(/^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/)),
  Name: z.string().check(z.minLength(1)),
  IsRtl: z.boolean(),
}));
const languageListSchema = z.lazy(() => z.array(languageSchema).check(z.minLength(1)));

export type Language = z.infer<typeof languageSchema>;

/** Contract fall-back of the languages call when nothing better is known: en-us only. */
export const fallbackLanguages: readonly Language[] = Object.freeze([{ Id: 0, Code: defaultLanguage, Name: 'English (US)', IsRtl: false }]);

/** The languages offered to the member (the language menus). */
export const languagesAtom = atom<readonly Language[]>(fallbackLanguages);

/** The language list's entry in the session store (core/inventory lists it). */
export const languagesKey = 'languages';
const isLanguageList = (v: unknown): v is Language[] => languageListSchema.safeParse(v).success;

/**
 * GET /api/globalization/v1/languages, validated. Failure → the last good list (contract: "the
 * languages from the last init"), else en-us only.
 */
export async function loadLanguages(): Promise<readonly Language[]> {
  let fresh: Language[] | null = null;
  try {
    const response = await apiFetch('/api/globalization/v1/languages');
    if (response.ok) {
      const parsed = languageListSchema.safeParse(await response.json());
      if (parsed.success) fresh = parsed.data;
    }
  } catch {
    // offline: the last good list below
  }
  if (fresh) await writeKv(languagesKey, fresh).catch(() => undefined);
  const list = fresh ?? (await readKv(languagesKey, isLanguageList)) ?? fallbackLanguages;
  appStore.set(languagesAtom, list);
  return list;
}

/** Languages that arrived with the signed-in init: offered at once and kept as the last good list. */
export async function rememberLanguages(list: readonly Language[]): Promise<void> {
  const parsed = languageListSchema.safeParse(list);
  if (!parsed.success) return;
  appStore.set(languagesAtom, parsed.data);
  await writeKv(languagesKey, parsed.data).catch(() => undefined);
}

/** The language code of a platform Language.Id (the access token's languageId), if listed. */
export function languageCodeForId(languages: readonly Language[], id: number): string | null {
  return languages.find((l) => l.Id === id)?.Code ?? null;
}
