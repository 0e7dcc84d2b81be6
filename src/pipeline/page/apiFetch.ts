import { platformCall } from '../core/platformCall';
import { pipelineFetch } from '../core/pipelineFetch';
import { track } from './inFlight';

export { PipelineRefusal } from '../core/pipelineFetch';

let workerRetired = false;

/**
 * The kill switch retired this build's service worker (pwa/registerServiceWorker): a worker may
 * still control the page until it reloads, but it no longer runs the pipeline, so the page does.
 */
export function runPipelineInPage(): void {
  workerRetired = true;
}

/** The service worker that runs the pipeline for this page, if one does. */
export function pipelineWorker(): ServiceWorker | null {
  if (workerRetired) return null;
  return globalThis.navigator?.serviceWorker?.controller ?? null;
}

/**
 * Every platform call of the page goes through here. When the service worker controls the page it
 * applies the pipeline to the plain request (and shares start-up reads between tabs), save for the
 * other non-cacheable reads, which the page prepares itself and which then skip the worker
 * (`pipeline/core/platformCall`); without a controlling
 * worker (first visit before activation, a hard reload, no service-worker support, a retired
 * worker) the page applies the same pipeline to every call.
 */
export function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(new URL(path, globalThis.location.origin), init);
  return track(platformCall(request, pipelineWorker() !== null));
}

/**
 * A call to a trusted API origin (runtime config authClient.trustedApiOrigins): the page's own
 * pipeline adds the access token, since a service worker leaves cross-origin requests alone.
 */
export function trustedApiFetch(url: URL, init: RequestInit = {}): Promise<Response> {
  return track(pipelineFetch(new Request(url, init)));
}
