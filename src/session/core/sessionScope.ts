import { memberScopeKey, parseAccessClaims } from './claims';
import { readAccessToken, readKv, sessionKeys, writeKvIf } from './sessionDb';
import { isLanguage } from './sessionSnapshot';

/** Whose answers and copies may be kept now: the signed-in member, their tenant, organisation group and role, and the language. */
export interface SessionScope {
  userGuid: string;
  tenantGuid: string;
  orgGroupGuid: string;
  role: string;
  language: string;
}

export const defaultLanguage = 'en-us';

/**
 * The scope as stored right now, read from IndexedDB (never a cached snapshot): a write of
 * something fetched earlier checks it at write time, so an answer that outlived a sign-out or a
 * switch (tenant, organisation group, role) is not kept under a scope that is no longer current.
 */
export async function currentScope(): Promise<SessionScope | null> {
  const [token, language] = await Promise.all([readAccessToken(), readKv(sessionKeys.language, isLanguage)]);
  return scopeOf(token, language);
}

/** The scope of a stored access token and language entry, as read (inside a transaction, say). */
export function scopeOf(accessToken: unknown, language: unknown): SessionScope | null {
  const claims = parseAccessClaims(accessToken);
  return claims
    ? { userGuid: claims.guid, tenantGuid: claims.tenantGuid, orgGroupGuid: claims.orgGroupGuid, role: claims.role, language: isLanguage(language) ? language : defaultLanguage }
    : null;
}

/** The key its kept copies carry (`claims` `memberScopeKey`; the language is checked beside it). */
export function scopeKeyOf(scope: SessionScope): string {
  return memberScopeKey({ guid: scope.userGuid, tenantGuid: scope.tenantGuid, orgGroupGuid: scope.orgGroupGuid, role: scope.role });
}

/** Same member, tenant, organisation group, role and language (ids and the language in any case; a role name as spelt). */
export function sameScope(a: SessionScope | null, b: SessionScope | null): boolean {
  const norm = (v: string) => v.toLowerCase();
  return (
    a !== null &&
    b !== null &&
    norm(a.userGuid) === norm(b.userGuid) &&
    norm(a.tenantGuid) === norm(b.tenantGuid) &&
    norm(a.orgGroupGuid) === norm(b.orgGroupGuid) &&
    a.role === b.role &&
    norm(a.language) === norm(b.language)
  );
}

/** Whether `scopeKey` is the scope of the session stored right now (read now, never from a snapshot). */
export async function isStoredScope(scopeKey: string): Promise<boolean> {
  const now = await currentScope();
  return now !== null && scopeKeyOf(now) === scopeKey;
}

/**
 * Keeps a copy of `scopeKey`'s data in a database of its own (the tree's, the brand's: no
 * transaction spans it and the session store) only while that scope is the stored session's, read
 * at write time: checked before the write, and again after it, undoing the write when a switch or
 * a sign-out came in between (its forgetting may have run before this write landed). A late
 * answer, or another tab still showing the old scope, so leaves nothing on the device. False when
 * nothing was kept.
 */
export async function keepForScope(scopeKey: string, write: () => Promise<void>, undo: () => Promise<void>): Promise<boolean> {
  if (!(await isStoredScope(scopeKey))) return false;
  await write();
  if (await isStoredScope(scopeKey)) return true;
  await undo();
  return false;
}

/**
 * Writes `writes` to the session store only while `scopeKey` is the stored session's (and, when
 * given, `language` its language), checked in the write's own IndexedDB transaction: a load that
 * outlived a sign-out or a switch keeps nothing. False when nothing was written.
 */
export function writeKvForScope(writes: Readonly<Record<string, unknown>>, scopeKey: string, language?: string): Promise<boolean> {
  return writeKvIf(writes, [sessionKeys.accessToken, sessionKeys.language], (read) => {
    const now = scopeOf(read[sessionKeys.accessToken], read[sessionKeys.language]);
    return now !== null && scopeKeyOf(now) === scopeKey && (language === undefined || now.language.toLowerCase() === language.toLowerCase());
  });
}
