import * as z from 'zod/mini';

/** SPEC §3 browsing-history entry: an in-app address and when it was visited (ms since epoch). */
export interface HistoryEntry {
  url: string;
  timestamp: number;
}

/** Every member's history, by user-and-tenant key (signedInState.userTenantKey). */
export type HistoryDocument = Map<string, HistoryEntry[]>;

/** SPEC §9: kept 14 days, at most 100 entries per user. */
export const historyMaxAgeMs = 14 * 24 * 60 * 60 * 1000;
export const historyMaxEntries = 100;
/** Longer addresses are not history worth keeping (and would only fill the storage quota). */
const maxUrlLength = 2048;

const entrySchema = z.lazy(() => z.object({
  url: z.string().check(z.minLength(1), z.maxLength(maxUrlLength)),
  timestamp: z.number().check(z.refine(Number.isFinite)),
}));

/** Oldest first, nothing older than 14 days, at most the 100 newest. */
export function pruneEntries(entries: readonly HistoryEntry[], now: number): HistoryEntry[] {
  const fresh = entries.filter((e) => now - e.timestamp <= historyMaxAgeMs);
  fresh.sort((a, b) => a.timestamp - b.timestamp);
  return fresh.slice(-historyMaxEntries);
}

/** Adds a visit; the same address again right after (a re-render, a replace) only renews its time. */
export function addEntry(entries: readonly HistoryEntry[], entry: HistoryEntry, now: number): HistoryEntry[] {
  const last = entries.at(-1);
  const next = last?.url === entry.url ? [...entries.slice(0, -1), entry] : [...entries, entry];
  return pruneEntries(next, now);
}

/**
 * Reads the stored document. Storage is outside our control (other versions, other scripts, a
 * hand edit), so anything unreadable is dropped entry by entry rather than failing as a whole.
 */
export function parseHistoryDocument(raw: string | null): HistoryDocument {
  const doc: HistoryDocument = new Map();
  if (raw === null) return doc;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return doc;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return doc;
  for (const [key, list] of Object.entries(value)) {
    if (!Array.isArray(list)) continue;
    const entries = list.flatMap((item: unknown) => {
      const parsed = entrySchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
    if (entries.length > 0) doc.set(key, entries);
  }
  return doc;
}

/** Prunes every member's list (expired members disappear) and serialises the document. */
export function serialiseHistoryDocument(doc: HistoryDocument, now: number): string {
  const lists: [string, HistoryEntry[]][] = [];
  for (const [key, entries] of doc) {
    const kept = pruneEntries(entries, now);
    if (kept.length > 0) lists.push([key, kept]);
  }
  // fromEntries defines own properties, so a key such as "__proto__" stays a plain key.
  return JSON.stringify(Object.fromEntries(lists));
}
