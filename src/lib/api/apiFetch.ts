import { pipelineFetch } from '../../core/pipeline/pipelineFetch';
import { track } from './inFlight';

export { PipelineRefusal } from '../../core/pipeline/pipelineFetch';

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
 * applies the pipeline to the plain request; otherwise (first visit before activation, a hard
 * reload, no service-worker support, a retired worker) the page applies the same pipeline itself.
 */
export function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(new URL(path, globalThis.location.origin), init);
  if (pipelineWorker()) return track(fetch(request));
  return track(pipelineFetch(request));
}
