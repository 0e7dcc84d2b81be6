import { registerRoute } from 'workbox-routing';
import type { HTTPMethod } from 'workbox-routing/utils/constants.js';
import { pipelineFetch, PipelineRefusal } from '../src/core/pipeline/pipelineFetch';

/**
 * The service worker's half of "one pipeline, two hosts": every same-origin /api/ request the
 * page makes (any method), and every relative write (for X-XSRF-TOKEN), goes through the shared
 * pipeline. Cross-origin requests are never matched, so they never carry the bearer.
 */
export function handledByPipeline(url: URL, method: string, origin: string, isNavigation: boolean): boolean {
  if (isNavigation || url.origin !== origin) return false;
  return url.pathname.startsWith('/api/') || (method !== 'GET' && method !== 'HEAD');
}

const methods: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'];

export function registerApiRoutes(origin: string): void {
  for (const method of methods) {
    registerRoute(
      ({ url, request }) => handledByPipeline(url, request.method, origin, request.mode === 'navigate'),
      async ({ request }) => {
        try {
          return await pipelineFetch(request);
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
      },
      method,
    );
  }
}
