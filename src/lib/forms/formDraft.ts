import { storagePrefix, type DraftStorageKey } from '../storage/keys';
import { localKeys, readLocal, removeLocal, writeLocal } from '../storage/localStore';

/**
 * What a member typed into a form survives a reload, an update and a failed
 * submit, until it is sent or discarded. A draft is kept in local storage (through the shell's
 * local store, so a full or blocked storage only loses it at the next reload) under the member
 * and tenant it belongs to, so it is only ever offered back to them; it is deleted when the form
 * is sent or discarded, and at an explicit sign-out (a timed-out session keeps it for the next
 * sign-in of the same member).
 */
export const draftPrefix = `${storagePrefix}draft.`;

export interface DraftOwner {
  userGuid: string;
  tenantGuid: string;
}

const isDraftKey = (key: string): key is DraftStorageKey => key.startsWith(draftPrefix);

export function draftKey(form: string, owner: DraftOwner): DraftStorageKey {
  return `${storagePrefix}draft.${encodeURIComponent(form)}.${encodeURIComponent(owner.userGuid)}.${encodeURIComponent(owner.tenantGuid)}`;
}

/** The stored draft if it is readable and passes `guard`; a corrupt entry is dropped, never shown. */
export function readDraft<T>(key: DraftStorageKey, guard: (value: unknown) => value is T): T | null {
  const raw = readLocal(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (guard(value)) return value;
  } catch {
    // not JSON: dropped below
  }
  removeLocal(key);
  return null;
}

export function writeDraft(key: DraftStorageKey, value: unknown): void {
  writeLocal(key, JSON.stringify(value));
}

export function discardDraft(key: DraftStorageKey): void {
  removeLocal(key);
}

/** Every member's drafts, gone (explicit sign-out). */
export function clearDrafts(): void {
  for (const key of localKeys()) if (isDraftKey(key)) removeLocal(key);
}

/** True while any tab holds input not yet sent (a draft is kept from the first change until sent or discarded). */
export function hasUnsavedInput(): boolean {
  return localKeys().some(isDraftKey);
}
