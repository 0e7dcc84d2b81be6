/**
 * DPoP proofs (RFC 9449) through oauth4webapi: the library signs every proof (ES256, `jwk` header,
 * `htm`, `htu`, `iat`, `jti`, `ath`) and sends the call; the shell passes the session's key, the
 * latest nonce any context heard (`proofNonce`), the platform's time (`proofClock`) and its own
 * transport (credentials, cache, mode, abort), and answers a challenge once. Loaded on demand (each
 * host provides it, `dpopProvider`): a Bearer session, and the sign-in page until a grant is sent,
 * never evaluate it.
 */
import * as oauth from 'oauth4webapi';
import type { ProofKey } from './proofKey';
import { learnPlatformClock, loadPlatformClock, platformNowSeconds } from './proofClock';
import { readProofNonce, rememberNonce } from './proofNonce';
import { resourceChallenge, tokenEndpointChallenge, type ProofChallenge } from './dpopRules';

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
 * call: its method, and the URL it is sent to (tenant prefix included, query dropped), carrying the
 * latest nonce any context heard. A proof the platform refuses (a nonce it now asks for, a stale or
 * replayed proof) is made once more, fresh; whatever comes then is the answer, a 401 included.
 */
export function sendWithProof(request: Request, key: ProofKey, accessToken: string): Promise<Response> {
  const retry = request.clone();
  let sent = false;
  return answeredOnce(
    (nonce) => {
      const copy = sent ? retry : request;
      sent = true;
      return sendOnce(copy, key, accessToken, nonce);
    },
    (response) => Promise.resolve(resourceChallenge(response.status, response.headers.get('WWW-Authenticate'))),
  );
}

/** What a token endpoint's refusal asks of the proof (its OAuthError body's `error`). */
export async function tokenEndpointChallengeOf(response: Response): Promise<ProofChallenge> {
  const refusal: unknown = response.status === 400 ? await response.clone().json().catch(() => null) : null;
  return tokenEndpointChallenge(response.status, refusal);
}

/**
 * One proven call (`send`, carrying the nonce it is given), made once more when the platform
 * refuses its proof: with the nonce it now asks for (refused before the call was looked at, so a
 * grant is not spent), or fresh after a stale or replayed proof. Every answer's nonce is kept for
 * every context. Whatever comes the second time is the answer.
 */
export async function answeredOnce(send: (nonce: string | null) => Promise<Response>, challengeOf: (response: Response) => Promise<ProofChallenge>): Promise<Response> {
  const nonce = await readProofNonce();
  const response = await send(nonce);
  const fresh = await rememberNonce(response);
  const challenge = await challengeOf(response);
  if (challenge !== 'invalid_dpop_proof' && !(challenge === 'use_dpop_nonce' && fresh !== null && fresh !== nonce)) return response;
  const again = await send(fresh ?? nonce);
  await rememberNonce(again);
  return again;
}

async function sendOnce(request: Request, key: ProofKey, accessToken: string, nonce: string | null): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('authorization');
  await loadPlatformClock();
  let response: Response;
  try {
    response = await oauth.protectedResourceRequest(accessToken, request.method, new URL(request.url), headers, undefined, {
      DPoP: signerFor(key, nonce).handle,
      signal: request.signal,
      // Same-origin http on a developer's machine and in the tests; the pipeline never calls elsewhere.
      [oauth.allowInsecureRequests]: true,
      // The library's headers (Authorization, DPoP) on the pipeline's own request: its body, mode,
      // cache and credentials stay as the pipeline set them.
      [oauth.customFetch]: async (_url, init) => heard(await fetch(new Request(request, { headers: init.headers }))),
    });
  } catch (error) {
    if (!(error instanceof oauth.WWWAuthenticateChallengeError)) throw error;
    response = error.response;
  }
  return response;
}

export interface ProofGrant {
  endpoint: URL;
  form: Record<string, string>;
  headers: Record<string, string>;
  signal: AbortSignal;
  key: ProofKey;
}

/**
 * Posts a grant (password, code, refresh, switch) to the token endpoint with a proof by `key`. A
 * nonce challenge is answered by the same grant once more with the nonce (the platform refused it
 * before looking at the grant, so nothing was spent), and a refused proof by one fresh proof.
 */
export function sendGrantWithProof(grant: ProofGrant): Promise<Response> {
  return answeredOnce((nonce) => postGrant(grant, nonce), tokenEndpointChallengeOf);
}

async function postGrant({ endpoint, form, headers, signal, key }: ProofGrant, nonce: string | null): Promise<Response> {
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
