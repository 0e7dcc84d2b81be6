/** How long the browser must stay online before a self-mending step runs. */
export const onlineSettleMs = 1_000;

/**
 * Runs `run` once the network has stayed on for a moment, counting from now when online (unless
 * `afterReturn`: only from the network's next return) and again from each return; going offline
 * cancels the wait. A reload or retry into a flapping network would only fail again, and a reload
 * without a service worker would land on the browser's offline page, which no shell code can mend.
 * Returns the function that stops waiting.
 */
export function whenOnlineSettled(run: () => void, { afterReturn = false } = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (navigator.onLine) run();
    }, onlineSettleMs);
  };
  const cancel = () => clearTimeout(timer);
  if (!afterReturn && navigator.onLine) arm();
  window.addEventListener('online', arm);
  window.addEventListener('offline', cancel);
  return () => {
    cancel();
    window.removeEventListener('online', arm);
    window.removeEventListener('offline', cancel);
  };
}
