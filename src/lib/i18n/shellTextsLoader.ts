import type { ShellTextLanguage, ShellTexts } from './shellTexts';

/** The languages the shell ships built-in texts for (shellTexts.ts), each its own chunk. */
const loaders: Record<ShellTextLanguage, () => Promise<ShellTexts>> = {
  'en-us': () => import('./shellTexts/en-us').then((m) => m.default),
  'de-de': () => import('./shellTexts/de-de').then((m) => m.default),
  ar: () => import('./shellTexts/ar').then((m) => m.default),
};

/** The shipped language whose texts serve `lang`: same primary language, else English. */
export function shellTextLanguageOf(lang: string): ShellTextLanguage {
  const primary = lang.toLowerCase().split('-')[0];
  const shipped = Object.keys(loaders) as ShellTextLanguage[];
  return shipped.find((l) => l.split('-')[0] === primary) ?? 'en-us';
}

/** The built-in texts for `lang`; empty when their chunk cannot be loaded (the keys then show, as before). */
export function loadShellTexts(lang: string): Promise<Partial<ShellTexts>> {
  return loaders[shellTextLanguageOf(lang)]().catch(() => ({}));
}

/** The platform's catalogue over the built-in texts: the platform's text wins whenever it has the key. */
export function withShellTexts(map: Readonly<Record<string, string>>, texts: Partial<ShellTexts>): Record<string, string> {
  return { ...texts, ...map };
}
