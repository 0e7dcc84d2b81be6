import { storagePrefix } from '../storage/keys';
import { addEntry, parseHistoryDocument, pruneEntries, serialiseHistoryDocument, type HistoryEntry } from './browsingHistory';

/** One local-storage document holds every member's history on this browser, under the product prefix. */
export const historyStorageKey = `${storagePrefix}history`;

/** Used once local storage is blocked or full, so this tab still keeps its history. */
let memoryCopy: string | null = null;
let storageFailed = false;

function readRaw(): string | null {
  if (storageFailed) return memoryCopy;
  try {
    return globalThis.localStorage.getItem(historyStorageKey);
  } catch {
    storageFailed = true;
    return memoryCopy;
  }
}

function writeRaw(value: string): void {
  memoryCopy = value;
  if (storageFailed) return;
  try {
    globalThis.localStorage.setItem(historyStorageKey, value);
  } catch {
    // quota or blocked storage: from now on the in-memory copy keeps this tab's history
    storageFailed = true;
  }
}

/** Records a visit of `url` for the member `key` (userTenantKey). */
export function recordVisit(key: string, url: string, now: number = Date.now()): void {
  const doc = parseHistoryDocument(readRaw());
  doc.set(key, addEntry(doc.get(key) ?? [], { url, timestamp: now }, now));
  writeRaw(serialiseHistoryDocument(doc, now));
}

/** The member's history, oldest first, within the 14 days and 100 entries. */
export function readHistory(key: string, now: number = Date.now()): HistoryEntry[] {
  return pruneEntries(parseHistoryDocument(readRaw()).get(key) ?? [], now);
}

/** An explicit sign-out: the member's history (every tenant) leaves this browser. */
export function forgetMemberHistory(userGuid: string, now: number = Date.now()): void {
  const doc = parseHistoryDocument(readRaw());
  const prefix = `${userGuid}:`;
  let changed = false;
  for (const key of [...doc.keys()]) {
    if (key.startsWith(prefix)) {
      doc.delete(key);
      changed = true;
    }
  }
  if (!changed) return;
  if (doc.size === 0) {
    memoryCopy = null;
    try {
      globalThis.localStorage.removeItem(historyStorageKey);
    } catch {
      // blocked storage: the in-memory copy is all there was
    }
    return;
  }
  writeRaw(serialiseHistoryDocument(doc, now));
}
