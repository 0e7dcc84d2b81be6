import { readKv, writeKv } from './sessionDb';
import { proofClockKey } from './sessionKeys';

/**
 * The platform's clock as this browser last heard it (the `Date` of its answers), for the `iat` of
 * DPoP proofs: a platform refuses a proof more than a minute off its own time (contract), and a
 * member's computer may run minutes off (a laptop without time sync, a sleeping VM). The offset is
 * kept in the session store, so a reloaded tab, a new tab or a woken worker signs on the
 * platform's time from its first proof instead of having a whole start's calls refused once.
 */
let offsetSeconds = 0;
let loaded: Promise<void> | null = null;

/** A change smaller than this is the `Date` header's 1 s resolution and the answer's way back, not a new offset. */
const noiseSeconds = 5;

const isOffset = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 10 * 365 * 86_400;

/** Reads the kept offset once per context (before the first proof). */
export function loadPlatformClock(): Promise<void> {
  loaded ??= readKv(proofClockKey, isOffset).then(
    (kept) => {
      if (kept !== null) offsetSeconds = kept;
    },
    () => undefined,
  );
  return loaded;
}

/** Learns the platform's time from an answer's `Date` header (none: unchanged), and keeps a new offset. */
export function learnPlatformClock(response: Response, nowMs: number = Date.now()): void {
  const date = Date.parse(response.headers.get('Date') ?? '');
  if (!Number.isFinite(date)) return;
  const heard = Math.round((date - nowMs) / 1000);
  if (Math.abs(heard - offsetSeconds) <= noiseSeconds) return;
  offsetSeconds = heard;
  void writeKv(proofClockKey, heard).catch(() => undefined);
}

/** Now on the platform's clock, in seconds: what a proof's `iat` says. */
export function platformNowSeconds(nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 1000) + offsetSeconds;
}
