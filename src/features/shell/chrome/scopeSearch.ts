/**
 * Search within the tenant list (the omni list can hold thousands): case- and accent-insensitive
 * substring match on the name, current tenant first, at most `limit` shown.
 */
export interface Named {
  Id: string;
  Name: string;
}

export function normaliseForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
}

export function searchByName<T extends Named>(items: readonly T[], query: string, limit: number, currentId?: string | null): { shown: T[]; total: number } {
  const needle = normaliseForSearch(query.trim());
  const matches = needle ? items.filter((item) => normaliseForSearch(item.Name).includes(needle)) : [...items];
  const ordered = currentId ? [...matches.filter((m) => m.Id === currentId), ...matches.filter((m) => m.Id !== currentId)] : matches;
  return { shown: ordered.slice(0, limit), total: matches.length };
}
