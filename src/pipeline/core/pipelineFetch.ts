import type { AccessClaims } from '../../session/core/claims';
import { isGatewayStatus } from './gateway';
import { endSession, refreshSession } from '../../session/core/refresh';
import { dpopModule } from '../../session/core/dpopProvider';
import { invalidateSnapshot, sessionSnapshot } from '../../session/core/sessionSnapshot';
import { pipelineHost } from './host';
import { prepareRequest } from './prepareRequest';
import { reportReachable } from './connectivity';
import { callDeadline, isTimeout } from './callDeadline';
import { isCacheableCall } from './calls';
import { apiNetworkTimeoutMs, readCachedAnswer, storeAnswer, type CachePartition } from './apiCache';

/**
 * The request pipeline, one module for two hosts: the service worker runs it for every page
 * request it intercepts, and the page runs it itself whenever no service worker controls it.
 * A 401 on a pipeline call triggers one refresh (shared by all contexts) and one retry.
 */
export class PipelineRefusal extends Error {
  override name = 'PipelineRefusal';
}

/** The token current at send time is not of the scope the caller expects: nothing was sent. */
export class ScopeChanged extends Error {
  override name = 'ScopeChanged';
}

export interface PipelineOptions {
  /**
   * Checks the claims of the token about to be attached (first try and retry alike); a token it
   * refuses is never sent and the call fails with ScopeChanged. The outbox binds each write to the
   * scope it was made in this way.
   */
  acceptToken?: (claims: AccessClaims | null) => boolean;
}

function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

const isUnanswered = (response: Response) => isGatewayStatus(response.status);

interface Sent {
  response: Response;
  /** The access token the call carried (null: none). */
  token: string | null;
  pipeline: boolean;
}

async function send(request: Request, options: PipelineOptions = {}): Promise<Sent> {
  const host = pipelineHost();
  const snapshot = await sessionSnapshot();
  const { claims, language, tokenKind, proofKey } = snapshot;
  const token = snapshot.accessToken;
  if (options.acceptToken && !options.acceptToken(claims)) throw new ScopeChanged('The current token is of another scope');
  if (token && tokenKind === 'DPoP' && !proofKey) {
    // The key of a DPoP session is gone (storage wiped) or unusable: nothing can present its
    // tokens. The session ends with a clean sign-in, and nothing is sent (a queued write waits
    // for its member's next session, signed with that session's key).
    await endSession();
    throw new ScopeChanged("The session's DPoP key is gone");
  }
  const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
  const prepared = prepareRequest(
    { url: request.url, method: request.method, headers: headerRecord(request.headers) },
    {
      origin: host.origin,
      accessToken: token,
      tokenKind,
      ptl: claims?.ptl ?? null,
      language,
      // Only writes carry X-XSRF-TOKEN; reading the cookie is async in the service worker.
      xsrfToken: isWrite ? await host.xsrfToken() : null,
      trustedApiOrigins: host.trustedApiOrigins,
    },
  );
  if (prepared.kind === 'refused') throw new PipelineRefusal(prepared.reason);
  if (prepared.kind === 'untouched') return { response: await fetch(request), token: null, pipeline: false };
  // Every pipeline call has a time limit; one unanswered for a while tells the chrome the platform
  // is silent (reconnecting) before it is given up.
  const deadline = callDeadline(request.signal, { onSilent: () => reportReachable(false, { silent: true }) });
  const outgoing = new Request(prepared.url, {
    method: request.method,
    headers: prepared.headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? null : await request.clone().arrayBuffer(),
    credentials: request.credentials,
    // The browser's HTTP cache is keyed by URL, not by bearer: a platform answer kept there (the
    // contract allows `private, max-age=3600` on cacheable calls) would be handed to the next member
    // on this browser. Pipeline calls never read or fill it; the member's Cache Storage bucket
    // (apiCache) is the only cache of their answers.
    cache: prepared.pipeline ? 'no-store' : request.cache,
    redirect: request.redirect,
    signal: deadline.signal,
    // A pipeline call leaves this origin only for a trusted API origin (CORS), and 'same-origin' is
    // what tells a controlling service worker that it is already prepared (sw/staticRoutes).
    ...(prepared.pipeline ? { mode: new URL(prepared.url).origin === host.origin ? ('same-origin' as const) : ('cors' as const) } : request.mode === 'navigate' ? {} : { mode: request.mode }),
  });
  // A DPoP token goes with a proof made now, for this very call (its method and the URL sent).
  const proof = prepared.pipeline && token && proofKey ? { token, proofKey } : null;
  let response: Response;
  try {
    response = proof ? await (await dpopModule()).sendWithProof(outgoing, proof.proofKey, proof.token) : await fetch(outgoing);
  } catch (error) {
    if (isTimeout(error)) reportReachable(false, { silent: true });
    else if (!(error instanceof DOMException && error.name === 'AbortError')) reportReachable(false);
    throw error;
  } finally {
    deadline.settle();
  }
  // A gateway error means the platform behind our origin is not answering; a 401 says nothing
  // either way (the refresh that follows decides).
  if (isUnanswered(response)) reportReachable(false);
  else if (response.status !== 401) reportReachable(true);
  return { response, token, pipeline: prepared.pipeline };
}

export async function pipelineFetch(request: Request, options: PipelineOptions = {}): Promise<Response> {
  if (!options.acceptToken && isCacheableCall(request.method, new URL(request.url).pathname)) return cachedPipelineFetch(request);
  return networkPipelineFetch(request, options);
}

/** The partition a cacheable answer belongs to: the signed-in member, tenant, organisation group, role and language. */
async function cachePartition(): Promise<CachePartition | null> {
  const { claims, language } = await sessionSnapshot();
  return claims ? { userGuid: claims.guid, tenantGuid: claims.tenantGuid, orgGroupGuid: claims.orgGroupGuid, role: claims.role, language } : null;
}

/**
 * Cacheable calls: the network's answer when it comes within a few seconds (and it refreshes the
 * member's cache); the cached answer when the network fails or is slower, while the network answer
 * still refreshes the cache in the background. Signed out, nothing is cached.
 */
async function cachedPipelineFetch(request: Request): Promise<Response> {
  const partition = await cachePartition();
  if (!partition) return networkPipelineFetch(request);
  const network = networkPipelineFetch(request).then((response) => {
    // Kept in the background: the screen does not wait for the cache write.
    if (response.status === 200) void storeAnswer(request.url, partition, response.clone());
    return response;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), apiNetworkTimeoutMs);
  });
  try {
    const first = await Promise.race([network, slow]);
    if (first !== 'slow' && !isUnanswered(first)) return first;
    const cached = await readCachedAnswer(request.url, partition);
    if (cached) {
      network.catch(() => undefined);
      return cached;
    }
    return first === 'slow' ? await network : first;
  } catch (error) {
    const cached = await readCachedAnswer(request.url, partition);
    if (cached) return cached;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An unanswered refresh (the token endpoint failed or timed out while the platform answered the
 * call itself) says nothing about the session, so the refresh is asked for again, briefly, before
 * the caller gets its 401: usually another caller's refresh has succeeded meanwhile and this one
 * just reuses it. Bounded, so a token endpoint that stays down still answers every caller soon.
 */
export const unansweredRefreshRetryDelaysMs = [1_000, 2_000];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function networkPipelineFetch(request: Request, options: PipelineOptions = {}): Promise<Response> {
  // Only a body is used up by the first try; a GET or HEAD is sent again as it is.
  const retryCopy = request.method === 'GET' || request.method === 'HEAD' ? request : request.clone();
  const first = await send(request, options);
  if (first.response.status !== 401 || !first.pipeline) return first.response;
  let outcome = await refreshSession({ failedToken: first.token });
  for (const delay of unansweredRefreshRetryDelaysMs) {
    if (outcome !== 'unreachable') break;
    await wait(delay);
    outcome = await refreshSession({ failedToken: first.token });
  }
  invalidateSnapshot();
  if (outcome !== 'refreshed' && outcome !== 'reused') return first.response;
  return (await send(retryCopy, options)).response;
}
