import { readKv, sessionKeys, writeKv } from './sessionDb';
import { onSessionMessage } from './sessionChannel';
import { plainNonceOf } from './dpopRules';

/**
 * The platform's DPoP nonce (RFC 9449 §8), one for the origin, shared through the session store:
 * whichever context hears a new one stores it, and every other context's next proof carries it
 * (the store's change message drops their in-memory copies), so ten tabs pay one nonce retry per
 * nonce change, not ten.
 */
let known: Promise<string | null> | null = null;
let listening = false;

export function readProofNonce(): Promise<string | null> {
  if (!listening) {
    listening = true;
    onSessionMessage((message) => {
      if (message.type === 'store-changed' && message.key === sessionKeys.proofNonce) known = null;
    });
  }
  known ??= readKv(sessionKeys.proofNonce, (v): v is string => typeof v === 'string').then(plainNonceOf, () => null);
  return known;
}

/** Keeps the answer's `DPoP-Nonce` when it is a new, plain one; returns it (or null). */
export async function rememberNonce(response: Response): Promise<string | null> {
  const nonce = plainNonceOf(response.headers.get('DPoP-Nonce'));
  if (nonce === null || nonce === (await readProofNonce())) return nonce;
  known = Promise.resolve(nonce);
  await writeKv(sessionKeys.proofNonce, nonce);
  return nonce;
}
