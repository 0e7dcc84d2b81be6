import { readKv, sessionKeys } from './sessionDb';
import { dpopModule } from './dpopProvider';

/**
 * The session's DPoP key: an ES256 pair made at sign-in with WebCrypto, its private half not
 * extractable, kept in IndexedDB as the `CryptoKey` objects themselves (structured-cloneable), so
 * every tab, the service worker and the organisation-tree worker sign with it and no script can
 * read it out. Never exported, never posted on a channel; deleted with the session.
 */
export type ProofKey = CryptoKeyPair;

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;
}

/** A stored pair the shell can sign with: ECDSA P-256, the private half unexportable. */
export function isProofKey(value: unknown): value is ProofKey {
  if (typeof value !== 'object' || value === null) return false;
  const { privateKey, publicKey } = value as Partial<CryptoKeyPair>;
  if (!isCryptoKey(privateKey) || !isCryptoKey(publicKey)) return false;
  const algorithm = privateKey.algorithm as { name?: string; namedCurve?: string };
  return privateKey.type === 'private' && !privateKey.extractable && algorithm.name === 'ECDSA' && algorithm.namedCurve === 'P-256' && publicKey.type === 'public';
}

/** A new pair for a new sign-in. Held in memory until the sign-in is stored with it. */
export async function createProofKey(): Promise<ProofKey> {
  return (await dpopModule()).generateProofKey();
}

/** The stored session's key, or null when there is none or it is not a usable one. */
export function readProofKey(): Promise<ProofKey | null> {
  return readKv(sessionKeys.proofKey, isProofKey);
}
