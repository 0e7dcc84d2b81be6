import { matchPrecache } from 'workbox-precaching';
import { brandedManifest, manifestPath } from '../src/core/pwa/brandedManifest';

/**
 * Answers `/manifest.webmanifest?name=…&theme=…` (what the page links once the tenant's brand is
 * known) with the built manifest overlaid with the checked name and colour. The
 * plain address stays with the precache, so the defaults never change.
 */
async function respond(url: URL): Promise<Response> {
  const built = (await matchPrecache(manifestPath)) ?? (await fetch(manifestPath));
  let base: unknown;
  try {
    base = await built.clone().json();
  } catch {
    return built;
  }
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return built;
  return new Response(JSON.stringify(brandedManifest(base as Record<string, unknown>, url.searchParams)), {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
}

export function registerManifestRoute(scope: ServiceWorkerGlobalScope): void {
  const origin = scope.location.origin;
  scope.addEventListener('fetch', (event: FetchEvent) => {
    const url = new URL(event.request.url);
    if (url.origin !== origin || url.pathname !== manifestPath || !url.search || event.request.method !== 'GET') return;
    event.respondWith(respond(url));
  });
}
