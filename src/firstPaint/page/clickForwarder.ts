/**
 * A click on the kept bar is not lost. The copy is inert (no focus, nothing for assistive
 * technology, and hit-testing passes through it), so the click lands on the page behind it; its
 * place says which of the bar's controls the member meant (each live control is marked
 * `data-chrome-control`, and the copy keeps the mark). Once the live chrome has taken the copy's
 * place, its control of that name is clicked: it opens what it would have opened (a menu whose
 * code is still loading opens when it arrives, deferredMenu).
 */
const controlAttribute = 'data-chrome-control';
/** How long the live control may take to appear after the copy went (the loading display first, a slow start). */
const liveControlWaitMs = 10_000;

/** The kept control under the point, if any. */
function controlAt(container: HTMLElement, x: number, y: number): string | null {
  for (const control of container.querySelectorAll(`[${controlAttribute}]`)) {
    const box = control.getBoundingClientRect();
    if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return control.getAttribute(controlAttribute);
  }
  return null;
}

/**
 * Listens for clicks on `container` (the kept copy) until `app` (the root the app renders into)
 * replaces it; returns what to call when it has: the last control clicked is clicked live.
 */
export function forwardKeptClicks(container: HTMLElement, app: HTMLElement): () => void {
  let wanted: string | null = null;
  const onClick = (event: MouseEvent) => {
    if (!container.isConnected || event.button !== 0) return;
    const control = controlAt(container, event.clientX, event.clientY);
    if (control) wanted = control;
  };
  document.addEventListener('click', onClick, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    if (wanted !== null) clickWhenLive(app, wanted);
  };
}

function clickWhenLive(app: HTMLElement, name: string): void {
  const selector = `[${controlAttribute}="${CSS.escape(name)}"]`;
  const tryClick = (): boolean => {
    const live = app.querySelector<HTMLElement>(selector);
    if (!live) return false;
    live.click();
    return true;
  };
  if (tryClick()) return;
  const observer = new MutationObserver(() => {
    if (tryClick()) stop();
  });
  const timer = setTimeout(() => stop(), liveControlWaitMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(app, { childList: true, subtree: true });
}
