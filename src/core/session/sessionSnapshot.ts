import { onLocalWrite, readKv, sessionKeys } from './sessionDb';
import { onSessionMessage } from './sessionChannel';
import { parseAccessClaims } from './claims';

/**
 * What every pipeline call needs (the access token and the language), read from IndexedDB once
 * and kept in memory until anything about the session changes: any session message (another tab or
 * the service worker refreshed, switched, signed out, changed language) or a refresh attempt here.
 * This saves two IndexedDB reads per call, which is most of the service worker's added cost.
 */
export interface SessionSnapshot {
  accessToken: string | null;
  language: string;
}

const languageCode = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/;
/**
 * Only a token with readable claims is sent: an unreadable one (corrupt storage, 1 MB) would be
 * refused anyway, and would turn calls that work signed out (translations, the anonymous state)
 * into 401s. Without it a call that needs a session gets its 401, then a refresh.
 */
const isToken = (v: unknown): v is string => parseAccessClaims(v) !== null;
export const isLanguage = (v: unknown): v is string => typeof v === 'string' && languageCode.test(v);

let cached: Promise<SessionSnapshot> | null = null;
let listening = false;

export function invalidateSnapshot(): void {
  cached = null;
}

export function sessionSnapshot(): Promise<SessionSnapshot> {
  if (!listening) {
    listening = true;
    onSessionMessage(() => invalidateSnapshot());
    onLocalWrite(() => invalidateSnapshot());
  }
  cached ??= Promise.all([readKv(sessionKeys.accessToken, isToken), readKv(sessionKeys.language, isLanguage)]).then(
    ([accessToken, language]) => ({ accessToken, language: language ?? 'en-us' }),
    (error: unknown) => {
      cached = null;
      throw error;
    },
  );
  return cached;
}
