import type { Locale } from 'date-fns';

/** The date-fns locale of each language that has one (`dateLocale.ts` lists their codes), each its own chunk. */
export const dateLocaleLoaders: Record<string, () => Promise<Locale>> = {
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
