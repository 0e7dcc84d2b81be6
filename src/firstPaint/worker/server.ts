import { createHandlerBoundToURL, matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { RouteHandlerCallback } from 'workbox-core/types';
import { bounded } from '../../core/bounded';
import type { ChromeSnapshot } from '../core/snapshot';
import { readPaintableSnapshot } from '../core/reader';
import { keptChromeCss, servedDocument, keptChromeStylePath } from '../core/servedDocument';
import { snapshotStylesheets } from '../core/snapshotStylesheets';
import { navigationDenylist } from '../../../sw/navigation';
import { isShellNavigation } from '../../../sw/shellRoutes';

/**
 * A returning member's page comes with the kept top bar in it (firstPaint/core/servedDocument):
 * their name, tenant and brand are on screen at the first paint, before the page's code has loaded
 * or IndexedDB has been opened in the new tab. This worker's connection is usually open already.
 * The reads are bounded: a database that does not answer in time serves the page as it is, and the
 * page's own pre-paint goes on as without this worker.
 */
const readBoundMs = 150;

/** The copy to serve, checked as the page checks it, or null. */
async function keptChrome(): Promise<ChromeSnapshot | null> {
  const kept = await readPaintableSnapshot();
  if (!kept) return null;
  // Every stylesheet it needs is this version's (a copy kept by an older one is the page's to judge).
  const styles = await Promise.all(snapshotStylesheets(kept.styles).map((path) => matchPrecache(path)));
  return styles.every(Boolean) ? kept : null;
}

/** index.html, with the kept bar in it when there is one to serve. */
function withKeptChrome(index: RouteHandlerCallback): RouteHandlerCallback {
  return async (options) => {
    // Read first: Workbox's handler puts its own request (index.html's) in the options.
    const kept = options.request.destination === 'document' ? bounded(keptChrome(), readBoundMs, null) : null;
    const [response, copy] = await Promise.all([index(options), kept]);
    if (!copy || !response.ok) return response;
    const html = servedDocument(await response.clone().text(), copy);
    if (html === null) return response;
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    return new Response(html, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * Call after precacheAndRoute: deep links of the shell's own routes load the shell offline (platform
 * paths and other applications' never get index.html), and the served copy's stylesheet is
 * answered from its address.
 */
export function registerNavigationRoute(scope: ServiceWorkerGlobalScope): void {
  const origin = scope.location.origin;
  const shell = withKeptChrome(createHandlerBoundToURL('/index.html'));
  // Another application's path on this origin (/onboarding/…) is the server's, online or not.
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && url.origin === origin && !navigationDenylist.some((path) => path.test(url.pathname)),
    async (options) => ((await isShellNavigation(options.url.pathname)) ? shell(options) : fetch(options.request)),
  );
  scope.addEventListener('fetch', (event: FetchEvent) => {
    const url = new URL(event.request.url);
    if (url.origin !== origin || url.pathname !== keptChromeStylePath || event.request.method !== 'GET') return;
    event.respondWith(new Response(keptChromeCss(url.searchParams), { headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-store' } }));
  });
}
