import { memberScopeKey, type MemberScope } from './claims';
import { sessionKeys, writeKv } from './sessionDb';
import { unsignedJwt } from './unsignedJwt.testSupport';

/** Stores an access token of `scope` as the session's, as a sign-in or a switch does; returns the scope's key. */
export async function storeSessionOf(scope: MemberScope): Promise<string> {
  await writeKv(sessionKeys.accessToken, unsignedJwt({ ...scope, exp: Math.floor(Date.now() / 1000) + 900 }));
  return memberScopeKey(scope);
}
