import type { ShellTextLanguage, ShellTexts, SignedInShellTexts, SignedOutShellTexts } from './shellTexts';

/** The languages the shell ships built-in texts for (shellTexts.ts): what signed-out pages show, one chunk each. */
const loaders: Record<ShellTextLanguage, () => Promise<SignedOutShellTexts>> = {
  'en-us': () => import('./shellTexts/en-us.chunk').then((m) => m.default),
  'de-de': () => import('./shellTexts/de-de.chunk').then((m) => m.default),
  ar: () => import('./shellTexts/ar.chunk').then((m) => m.default),
};

/** The rest of each language's texts (the signed-in area, the UI kit), one chunk each. */
const signedInLoaders: Record<ShellTextLanguage, () => Promise<SignedInShellTexts>> = {
  'en-us': () => import('./shellTexts/en-us.signedIn.chunk').then((m) => m.default),
  'de-de': () => import('./shellTexts/de-de.signedIn.chunk').then((m) => m.default),
  ar: () => import('./shellTexts/ar.signedIn.chunk').then((m) => m.default),
};

/** Which texts a page needs: the signed-out pages' only, or all of them. */
export type ShellTextsPart = 'signedOut' | 'all';

/** The shipped language whose texts serve `lang`: same primary language, else English. */
export function shellTextLanguageOf(lang: string): ShellTextLanguage {
  const primary = lang.toLowerCase().split('-')[0];
  const shipped = Object.keys(loaders) as ShellTextLanguage[];
  return shipped.find((l) => l.split('-')[0] === primary) ?? 'en-us';
}

/** The built-in texts for `lang`; without those whose chunk cannot be loaded (their keys then show, as before). */
export async function loadShellTexts(lang: string, part: ShellTextsPart = 'all'): Promise<Partial<ShellTexts>> {
  const shipped = shellTextLanguageOf(lang);
  const [signedOut, signedIn] = await Promise.all([
    loaders[shipped]().catch(() => ({})),
    part === 'all' ? signedInLoaders[shipped]().catch(() => ({})) : {},
  ]);
  return { ...signedOut, ...signedIn };
}

/** The platform's catalogue over the built-in texts: the platform's text wins whenever it has the key. */
export function withShellTexts(map: Readonly<Record<string, string>>, texts: Partial<ShellTexts>): Record<string, string> {
  return { ...texts, ...map };
}
