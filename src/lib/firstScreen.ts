/**
 * Resolves once the first screen has been shown: the first page (the root layout's first commit,
 * app/router), the route error page or the start-up error, each then painted. Work that can wait
 * for it (the service worker's registration and update watch) then never competes with the first
 * screen for the network or the main thread.
 */
let resolveShown: () => void = () => undefined;
export const firstScreenShown = new Promise<void>((resolve) => (resolveShown = resolve));

/** After the next paint; a tab in the background paints nothing, so at the latest after 1 s. */
export function markFirstScreenShown(): void {
  requestAnimationFrame(() => setTimeout(resolveShown, 0));
  setTimeout(resolveShown, 1_000);
}
