import { storageKeys } from '../../lib/storage/keys';
import { writeTab } from '../../lib/storage/localStore';
import { isIgnoredReturnPath, safeReturnPath } from './returnUrl';

/**
 * The light part of logoff that every page needs at start (following another tab's logoff, a
 * signed-out visit): whether this tab is already on its way out, and its return URL. The logoff
 * itself (server logout, revocation, clearing) loads only when a session ends.
 */
let loggingOff = false;
export function isLoggingOff(): boolean {
  return loggingOff;
}
/** This tab is on its own way out (a timeout saving its work): a logoff elsewhere must not cut it short. */
export function markLoggingOff(): void {
  loggingOff = true;
}
/** Signed in again in the same page: logoffs from other tabs apply to this tab once more. */
export function clearLoggingOff(): void {
  loggingOff = false;
}

/** Saves the current URL as the return URL unless it is an ignored path; only ever a same-origin path. */
export function saveReturnUrl(url: string = `${location.pathname}${location.search}${location.hash}`): void {
  const path = safeReturnPath(url, location.origin);
  if (path && !isIgnoredReturnPath(path)) writeTab(storageKeys.returnUrl, path);
}
