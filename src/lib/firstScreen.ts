/**
 * Resolves once the first screen has been shown: the first page (the root layout's first commit,
 * app/router), the route error page or the start-up error, each then painted. Work that can wait
 * for it (the service worker's registration and update watch) then never competes with the first
 * screen for the network or the main thread.
 */
let resolveShown: () => void = () => undefined;
export const firstScreenShown = new Promise<void>((resolve) => (resolveShown = resolve));

/**
 * After the next paint. A tab in the background paints nothing (no animation frame), so there it
 * is at once, or when the tab is hidden before it paints. No time limit besides: on a slow device
 * a deferred load started on a timer would compete with the very screen it waits for.
 */
export function markFirstScreenShown(): void {
  const shown = () => setTimeout(resolveShown, 0);
  if (document.visibilityState === 'hidden') return void shown();
  requestAnimationFrame(shown);
  document.addEventListener('visibilitychange', shown, { once: true });
}
