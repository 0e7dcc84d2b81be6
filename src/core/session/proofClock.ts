/**
 * The platform's clock as this context last heard it (the `Date` of its answers), for the `iat` of
 * DPoP proofs: a platform refuses a proof more than a minute off its own time (contract), and a
 * member's computer may run minutes off (a laptop without time sync, a sleeping VM). Kept per
 * context, not shared: each context measures against its own clock.
 */
let offsetSeconds = 0;

/** Learns the platform's time from an answer's `Date` header (1 s resolution; none: unchanged). */
export function learnPlatformClock(response: Response, nowMs: number = Date.now()): void {
  const date = Date.parse(response.headers.get('Date') ?? '');
  if (Number.isFinite(date)) offsetSeconds = Math.round((date - nowMs) / 1000);
}

/** Now on the platform's clock, in seconds: what a proof's `iat` says. */
export function platformNowSeconds(nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 1000) + offsetSeconds;
}
