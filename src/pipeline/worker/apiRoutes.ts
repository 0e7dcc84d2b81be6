import { isPostRead, isPreparedRead, isStartupRead } from '../core/calls';
import { pipelineFetch, PipelineRefusal, type PipelineOptions } from '../core/pipelineFetch';
import { readScope, SharedReads, sharedReadKey } from '../core/sharedReads';
import { defaultTokenPath as tokenPath } from '../../core/protocol';
import { onSessionMessage } from '../../session/core/sessionChannel';
import { sessionSnapshot } from '../../session/core/sessionSnapshot';

/** The contract's token endpoint (a configured one elsewhere on this origin is relayed as before). */

/**
 * The service worker's half of "one pipeline, two hosts": every same-origin /api/ request the
 * page makes (any method), and every relative write (for X-XSRF-TOKEN), goes through the shared
 * pipeline. Cross-origin requests are never matched, so they never carry the bearer.
 */
export function handledByPipeline(url: URL, method: string, mode: RequestMode, origin: string): boolean {
  if (mode === 'navigate' || url.origin !== origin) return false;
  // Prepared by the page's own pipeline (a browser without static routes still sends it here).
  if (isPreparedRead(method, mode)) return false;
  // The token call needs nothing the pipeline adds (the caller sends its own X-XSRF-TOKEN), and
  // left to the browser its answer survives this worker being stopped mid-call: relayed, a grant
  // the platform redeemed would lose its answer with the worker.
  if (url.pathname === tokenPath) return false;
  return url.pathname.startsWith('/api/') || (method !== 'GET' && method !== 'HEAD');
}

/** Every tab's reads in flight, and start-up answers of the last few seconds (pipeline/core/sharedReads). */
const sharedReads = new SharedReads({ now: () => Date.now() });

/** What was read may have changed: later reads ask the platform (the outbox's replay calls this too). */
export function forgetSharedReads(): void {
  sharedReads.forget();
}

/** A write changes what reads answer: nothing kept or in flight answers a read asked after it. */
export async function sendWrite(request: Request, options?: PipelineOptions): Promise<Response> {
  forgetSharedReads();
  try {
    return await pipelineFetch(request, options);
  } finally {
    forgetSharedReads();
  }
}

const isWrite = (method: string, path: string) => method !== 'GET' && method !== 'HEAD' && !isPostRead(method, path);

/**
 * A GET asks the question its key names, with the scope of the token the pipeline attaches now (send
 * time: a switch or sign-out since another tab asked makes another key). The one call runs under a
 * signal of its own, so a caller that aborts leaves the others their answer.
 */
async function pipelineAnswer(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (isWrite(request.method, pathname)) return sendWrite(request);
  const key = sharedReadKey(request.method, request.url, request.headers, readScope(await sessionSnapshot()));
  if (!key) return pipelineFetch(request);
  return sharedReads.read({ key, keep: isStartupRead(request.method, pathname), signal: request.signal }, (signal) =>
    pipelineFetch(new Request(request, { signal })),
  );
}

async function respond(request: Request): Promise<Response> {
  try {
    return await pipelineAnswer(request);
  } catch (error) {
    if (error instanceof PipelineRefusal) {
      console.error(error.message);
      return new Response(JSON.stringify({ status: 400, code: 'PIPELINE_REFUSED', message: error.message }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    throw error;
  }
}

/**
 * A plain fetch listener, registered before Workbox's router: platform calls are the hot path and
 * need none of the router's route matching. Workbox then finds no route for them and stays out.
 */
export function registerApiRoutes(scope: ServiceWorkerGlobalScope): void {
  const origin = scope.location.origin;
  // Another member, tenant or organisation group from now on: nothing of the last one answers
  // again. Nor once the platform stops answering: a read asked then takes the offline path.
  onSessionMessage((message) => {
    const scopeEnded = message.type === 'logoff' || message.type === 'tenant-switched' || message.type === 'orggroup-switched';
    if (scopeEnded || (message.type === 'connectivity' && !message.online)) forgetSharedReads();
  });
  scope.addEventListener('fetch', (event: FetchEvent) => {
    const { request } = event;
    if (!handledByPipeline(new URL(request.url), request.method, request.mode, origin)) return;
    event.respondWith(respond(request));
  });
}
