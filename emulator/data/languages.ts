/** Languages offered by the platform (contract schema Language; ids referenced by claim languageId). */
export interface Language {
  Id: number;
  Code: 'en-us' | 'de-de' | 'ar';
  Name: string;
  IsRtl: boolean;
}

export const LANGUAGES: readonly Language[] = [
  { Id: 1, Code: 'en-us', Name: 'English (US)', IsRtl: false },
  { Id: 2, Code: 'de-de', Name: 'Deutsch', IsRtl: false },
  { Id: 3, Code: 'ar', Name: 'العربية', IsRtl: true },
];

/** Contract: "ordered by Name; always contains en-us". Code-point order keeps it stable across locales. */
export const LANGUAGES_BY_NAME: readonly Language[] = [...LANGUAGES].sort((a, b) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0));

export function languageByCode(code: string): Language | undefined {
  return LANGUAGES.find((l) => l.Code === code);
}
