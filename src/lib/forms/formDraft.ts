/**
 * Issue 7 item 6: what a member typed into a form survives a reload, an update and a failed
 * submit, until it is sent or discarded. A draft is kept in local storage under the member and
 * tenant it belongs to, so it is only ever offered back to them; it is deleted when the form is
 * sent or discarded, and at an explicit sign-out (a timed-out session keeps it for the next
 * sign-in of the same member).
 */
export const draftPrefix = 'trust-shell.draft.';

export interface DraftOwner {
  userGuid: string;
  tenantGuid: string;
}

export function draftKey(form: string, owner: DraftOwner): string {
  return `${draftPrefix}${encodeURIComponent(form)}.${encodeURIComponent(owner.userGuid)}.${encodeURIComponent(owner.tenantGuid)}`;
}

/** The stored draft if it is readable and passes `guard`; a corrupt entry is dropped, never shown. */
export function readDraft<T>(key: string, guard: (value: unknown) => value is T): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (guard(value)) return value;
    localStorage.removeItem(key);
    return null;
  } catch {
    try {
      localStorage.removeItem(key);
    } catch {
      // blocked storage: nothing was stored either
    }
    return null;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the form still works, only the draft is not kept.
  }
}

export function discardDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // blocked storage
  }
}

/** Every member's drafts, gone (explicit sign-out). */
export function clearDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(draftPrefix)) localStorage.removeItem(key);
  } catch {
    // blocked storage
  }
}
