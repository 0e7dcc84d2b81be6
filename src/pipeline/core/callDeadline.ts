/**
 * Every platform call has a time limit: a platform that accepts connections and answers nothing
 * (lie-fi) must not leave a call, the outbox's replay lock or a sign-in spinning for ever. SPEC §9's
 * 20 000 ms (the login client's) is the limit; a call still unanswered after `silentAfterMs` tells
 * the chrome the platform is silent first, so it shows "reconnecting" within 10 s.
 */
export const platformCallTimeoutMs = 20_000;
export const silentAfterMs = 8_000;

/** The reason a call given up on its time limit rejects with (fetch rejects with the signal's reason). */
export const timeoutReason = () => new DOMException('The platform did not answer in time', 'TimeoutError');

export const isTimeout = (error: unknown): boolean => error instanceof DOMException && error.name === 'TimeoutError';

export interface CallDeadline {
  /** Aborts when the caller's own signal does (with its reason) or when the time limit passes. */
  signal: AbortSignal;
  /** The call was answered (or failed): no time limit, no silence report any more. */
  settle: () => void;
}

export interface DeadlineOptions {
  timeoutMs?: number;
  silentAfterMs?: number;
  /** Called once if the call is still unanswered after `silentAfterMs`. */
  onSilent?: () => void;
}

/** Timers are the page's (Playwright's clock moves them), never `AbortSignal.timeout`'s, which no test clock reaches. */
export function callDeadline(outer: AbortSignal | null | undefined, options: DeadlineOptions = {}): CallDeadline {
  const { timeoutMs = platformCallTimeoutMs, onSilent } = options;
  const controller = new AbortController();
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  const limit = setTimeout(() => controller.abort(timeoutReason()), timeoutMs);
  const silence = onSilent ? setTimeout(onSilent, options.silentAfterMs ?? silentAfterMs) : undefined;
  return {
    signal: controller.signal,
    settle: () => {
      clearTimeout(limit);
      clearTimeout(silence);
      outer?.removeEventListener('abort', forward);
    },
  };
}
