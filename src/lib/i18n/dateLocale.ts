import type { Locale } from 'date-fns';
import { atom } from '../../state/jotai';

/**
 * The date-fns locale of the current language, loaded on demand (each is its own chunk, never on
 * /auth). Dates are numeric, so a locale only changes the 12-hour day period; English uses
 * date-fns's built-in default (undefined here).
 */
export const dateLocaleAtom = atom<Locale | undefined>(undefined);

const loaders: Record<string, () => Promise<Locale>> = {
  ar: () => import('date-fns/locale/ar').then((m) => m.ar),
  ckb: () => import('date-fns/locale/ckb').then((m) => m.ckb),
  de: () => import('date-fns/locale/de').then((m) => m.de),
  es: () => import('date-fns/locale/es').then((m) => m.es),
  fa: () => import('date-fns/locale/fa-IR').then((m) => m.faIR),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  he: () => import('date-fns/locale/he').then((m) => m.he),
  it: () => import('date-fns/locale/it').then((m) => m.it),
  ja: () => import('date-fns/locale/ja').then((m) => m.ja),
  ko: () => import('date-fns/locale/ko').then((m) => m.ko),
  nl: () => import('date-fns/locale/nl').then((m) => m.nl),
  pl: () => import('date-fns/locale/pl').then((m) => m.pl),
  pt: () => import('date-fns/locale/pt').then((m) => m.pt),
  'pt-br': () => import('date-fns/locale/pt-BR').then((m) => m.ptBR),
  ru: () => import('date-fns/locale/ru').then((m) => m.ru),
  sv: () => import('date-fns/locale/sv').then((m) => m.sv),
  tr: () => import('date-fns/locale/tr').then((m) => m.tr),
  ug: () => import('date-fns/locale/ug').then((m) => m.ug),
  zh: () => import('date-fns/locale/zh-CN').then((m) => m.zhCN),
  'zh-tw': () => import('date-fns/locale/zh-TW').then((m) => m.zhTW),
};

/** The locale of a language code (region-specific first, then the language), or undefined for the default. */
export async function loadDateLocale(code: string): Promise<Locale | undefined> {
  const lower = code.toLowerCase();
  const [language = ''] = lower.split('-');
  const loader = loaders[lower] ?? loaders[language];
  if (!loader) return undefined;
  try {
    return await loader();
  } catch {
    return undefined; // offline before the chunk was cached: English day periods
  }
}
