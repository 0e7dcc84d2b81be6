/**
 * DPoP proofs (RFC 9449) through oauth4webapi: the library signs every proof (ES256, `jwk` header,
 * `htm`, `htu`, `iat`, `jti`, `ath`) and sends the call; the shell only passes the session's key,
 * the latest nonce it knows and its own transport (credentials, cache, mode, abort). Loaded on
 * demand: a Bearer session, and the sign-in page until a grant is sent, never evaluate it.
 */
import * as oauth from 'oauth4webapi';
import type { ProofKey } from './proofKey';
import { learnPlatformClock, loadPlatformClock, platformNowSeconds } from './proofClock';

/** A new key pair for a sign-in: ES256, the private half not extractable (oauth4webapi's default). */
export function generateProofKey(): Promise<ProofKey> {
  return oauth.generateKeyPair('ES256');
}

interface Signer {
  handle: oauth.DPoPHandle;
  /** The nonce the next proof carries: the one the platform gave last, in whichever context. */
  nonce: string | null;
}

/** Every answer to a proven call tells the platform's time, for the next proof's `iat`. */
function heard(response: Response): Response {
  learnPlatformClock(response);
  return response;
}

const signers = new WeakMap<CryptoKey, Signer>();

function signerFor(key: ProofKey, nonce: string | null): Signer {
  let signer = signers.get(key.privateKey);
  if (!signer) {
    const created: Signer = { handle: undefined as unknown as oauth.DPoPHandle, nonce };
    created.handle = oauth.DPoP({}, key, {
      // The library keeps nonces per handle and per context; the shell's is shared by every tab
      // and the worker (`proofNonce`), so the proof takes that one.
      [oauth.modifyAssertion]: (_header, payload) => {
        payload.nonce = created.nonce ?? undefined;
        // The platform's time, not this computer's: a clock minutes off would have every proof refused.
        payload.iat = platformNowSeconds();
      },
    });
    signers.set(key.privateKey, created);
    signer = created;
  }
  signer.nonce = nonce;
  return signer;
}

/** The oauth4webapi handle for `key`, whose next proof carries `nonce` (for the library's own grant calls). */
export function proofHandle(key: ProofKey, nonce: string | null): oauth.DPoPHandle {
  return signerFor(key, nonce).handle;
}

/**
 * Sends a prepared platform call with `Authorization: DPoP <token>` and a proof made for this very
 * call: its method, and the URL it is sent to (tenant prefix included, query dropped). A 401's
 * challenge comes back as the Response, as any other answer does.
 */
export async function sendWithProof(request: Request, key: ProofKey, accessToken: string, nonce: string | null): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('authorization');
  await loadPlatformClock();
  try {
    return await oauth.protectedResourceRequest(accessToken, request.method, new URL(request.url), headers, undefined, {
      DPoP: signerFor(key, nonce).handle,
      signal: request.signal,
      // Same-origin http on a developer's machine and in the tests; the pipeline never calls elsewhere.
      [oauth.allowInsecureRequests]: true,
      // The library's headers (Authorization, DPoP) on the pipeline's own request: its body, mode,
      // cache and credentials stay as the pipeline set them.
      [oauth.customFetch]: async (_url, init) => heard(await fetch(new Request(request, { headers: init.headers }))),
    });
  } catch (error) {
    if (error instanceof oauth.WWWAuthenticateChallengeError) return error.response;
    throw error;
  }
}

export interface ProofGrant {
  endpoint: URL;
  form: Record<string, string>;
  headers: Record<string, string>;
  signal: AbortSignal;
  key: ProofKey;
  nonce: string | null;
}

/** Posts a grant (password, code, refresh, switch) to the token endpoint with a proof by `key`. */
export async function sendGrantWithProof({ endpoint, form, headers, signal, key, nonce }: ProofGrant): Promise<Response> {
  await loadPlatformClock();
  const { grant_type: grantType = '', client_id: clientId = '', ...parameters } = form;
  return oauth.genericTokenEndpointRequest({ issuer: endpoint.origin, token_endpoint: endpoint.href }, { client_id: clientId }, oauth.None(), grantType, parameters, {
    DPoP: signerFor(key, nonce).handle,
    headers: new Headers(headers),
    signal,
    [oauth.allowInsecureRequests]: true,
    [oauth.customFetch]: async (url, init) => heard(await fetch(url, { ...init, credentials: 'same-origin', cache: 'no-store' })),
  });
}
