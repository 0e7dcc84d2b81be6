import { readLocal, removeLocal, writeLocal } from '../storage/localStore';
import { storageKeys } from '../storage/keys';
import { addEntry, parseHistoryDocument, pruneEntries, serialiseHistoryDocument, type HistoryEntry } from './browsingHistory';

/**
 * One local-storage document holds every member's history on this browser, under the product
 * prefix. It goes through the local-storage module, so a blocked or full storage keeps this tab's
 * history in memory and the member is told, like every other kept value.
 */
export const historyStorageKey = storageKeys.history;

/** Records a visit of `url` for the member `key` (userTenantKey). */
export function recordVisit(key: string, url: string, now: number = Date.now()): void {
  const doc = parseHistoryDocument(readLocal(historyStorageKey));
  doc.set(key, addEntry(doc.get(key) ?? [], { url, timestamp: now }, now));
  writeLocal(historyStorageKey, serialiseHistoryDocument(doc, now));
}

/** The member's history, oldest first, within the 14 days and 100 entries. */
export function readHistory(key: string, now: number = Date.now()): HistoryEntry[] {
  return pruneEntries(parseHistoryDocument(readLocal(historyStorageKey)).get(key) ?? [], now);
}

/** An explicit sign-out: the member's history (every tenant) leaves this browser. */
export function forgetMemberHistory(userGuid: string, now: number = Date.now()): void {
  const doc = parseHistoryDocument(readLocal(historyStorageKey));
  const prefix = `${userGuid}:`;
  const mine = [...doc.keys()].filter((key) => key.startsWith(prefix));
  if (mine.length === 0) return;
  for (const key of mine) doc.delete(key);
  if (doc.size === 0) removeLocal(historyStorageKey);
  else writeLocal(historyStorageKey, serialiseHistoryDocument(doc, now));
}
