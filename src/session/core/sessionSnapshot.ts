import { onLocalWrite, readKv, sessionKeys } from './sessionDb';
import { onSessionMessage } from './sessionChannel';
import { isProofBound, parseAccessClaims, type AccessClaims } from './claims';
import type { TokenKind } from './tokenKind';
import { readProofKey, type ProofKey } from './proofKey';

/**
 * What every pipeline call needs (the access token, its claims and the language), read from
 * IndexedDB once and kept in memory until anything about the session changes: any session message
 * (another tab or the service worker refreshed, switched, signed out, changed language) or a
 * refresh attempt here. This saves two IndexedDB reads per call and the token's decoding (a JWT
 * payload parse, most of the pipeline's own work per call).
 */
export interface SessionSnapshot {
  accessToken: string | null;
  /** The claims of `accessToken`; null exactly when it is. */
  claims: AccessClaims | null;
  language: string;
  /** How the token is presented (DPoP when the stored auth says so or the token is key-bound; else Bearer). */
  tokenKind: TokenKind;
  /** The session's DPoP key (DPoP sessions only; null when it is gone or unusable). */
  proofKey: ProofKey | null;
}

const languageCode = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/;
const isString = (v: unknown): v is string => typeof v === 'string';
export const isLanguage = (v: unknown): v is string => typeof v === 'string' && languageCode.test(v);

const hasTokenType = (v: unknown): v is { tokenType?: unknown } => typeof v === 'object' && v !== null;

let cached: Promise<SessionSnapshot> | null = null;
let listening = false;

export function invalidateSnapshot(): void {
  cached = null;
}

async function readSnapshot(): Promise<SessionSnapshot> {
  const [token, language, auth] = await Promise.all([
    readKv(sessionKeys.accessToken, isString),
    readKv(sessionKeys.language, isLanguage),
    readKv(sessionKeys.auth, hasTokenType),
  ]);
  const tokenKind: TokenKind = auth?.tokenType === 'DPoP' || isProofBound(token) ? 'DPoP' : 'Bearer';
  const proofKey = tokenKind === 'DPoP' ? await readProofKey() : null;
  // Only a token with readable claims is sent: an unreadable one (corrupt storage, 1 MB) would be
  // refused anyway, and would turn calls that work signed out (translations, the anonymous state)
  // into 401s. Without it a call that needs a session gets its 401, then a refresh.
  const claims = parseAccessClaims(token);
  return { accessToken: claims ? token : null, claims, language: language ?? 'en-us', tokenKind, proofKey };
}

export function sessionSnapshot(): Promise<SessionSnapshot> {
  if (!listening) {
    listening = true;
    // Every message but connectivity may follow a change of the stored session.
    onSessionMessage((message) => {
      if (message.type !== 'connectivity') invalidateSnapshot();
    });
    onLocalWrite(() => invalidateSnapshot());
  }
  if (cached) return cached;
  const read = readSnapshot();
  cached = read;
  read.catch(() => {
    // A failed read is not kept (a newer read, after an invalidation, is left alone).
    if (cached === read) cached = null;
  });
  return read;
}
