import { pipelineFetch } from '../../core/pipeline/pipelineFetch';

export { PipelineRefusal } from '../../core/pipeline/pipelineFetch';

/**
 * Every platform call of the page goes through here. When the service worker controls the page it
 * applies the pipeline to the plain request; otherwise (first visit before activation, a hard
 * reload, no service-worker support) the page applies the same pipeline itself.
 */
export function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(new URL(path, globalThis.location.origin), init);
  if (globalThis.navigator?.serviceWorker?.controller) return fetch(request);
  return pipelineFetch(request);
}
