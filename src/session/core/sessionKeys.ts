/**
 * Entries of the session database's kv store (sessionDb.ts). The service worker reads the tokens;
 * the page's first script reads the pre-paint's entries with the database's open (src/boot.ts),
 * so the names live in this file of their own, which it can import without the store's code.
 */
export const sessionKeys = {
  auth: 'auth',
  accessToken: 'accessToken',
  language: 'language',
  authClient: 'authClient',
  /** The ID token of an OIDC sign-in: the id_token_hint of the provider's sign-out. */
  idToken: 'idToken',
  /** When (this browser's clock, ms) the stored tokens were issued: the sign-in, or the last refresh in any context. */
  refreshedAt: 'refreshedAt',
  /** The session's DPoP key pair (`proofKey.ts`): non-extractable `CryptoKey` objects, never exported. */
  proofKey: 'dpopKey',
  /** The platform's latest DPoP nonce, shared by every tab and the service worker. */
  proofNonce: 'dpopNonce',
} as const;

/** The kept top bar, in the same store as the session (`firstPaint/core/snapshot`). */
export const chromeSnapshotKey = 'chromeSnapshot';

/** The organisation the bar last named (`lib/orgTree/keptOrganisation`), in the same store as the session. */
export const keptOrganisationKey = 'keptOrganisation';

/** How far the platform's clock runs from this browser's, in seconds (`proofClock`): not member data. */
export const proofClockKey = 'dpopClockOffset';
