/**
 * Whether a start-up run goes ahead, decided without React (SPEC §4 "Start-up"): taken 250 ms after
 * a current user exists, on the route shown at that moment.
 */
export interface StartupRunInput {
  pathname: string;
  /** SPEC §2's excluded prefixes (passed in: lib does not import the router's table). */
  excludedPrefixes: readonly string[];
  /** Where the shown state came from: the platform, or the last known copy (offline start). */
  stateSource: 'network' | 'stored' | null;
  /** The access token's claims: `root` is the auth root, `tenantGuid` its fall-back. */
  claims: { root?: string | null; tenantGuid?: string | null } | null;
}

export type StartupRunDecision =
  /** An excluded route: no banners, no modals. */
  | { run: false }
  /** Banners load; the modal checks run for `modalsRoot` unless it is null (or already ran for it this session). */
  | { run: true; modalsRoot: string | null };

export function isStartupPath(pathname: string, excludedPrefixes: readonly string[]): boolean {
  return !excludedPrefixes.some((prefix) => pathname.startsWith(prefix));
}

export function decideStartupRun({ pathname, excludedPrefixes, stateSource, claims }: StartupRunInput): StartupRunDecision {
  if (!isStartupPath(pathname, excludedPrefixes)) return { run: false };
  // Started from the last known state: the reads would fail and the session's one chance would be
  // spent; the run after recovery (the state loads again) takes it instead.
  if (stateSource === 'stored') return { run: true, modalsRoot: null };
  // The token's root claim is the auth root; a token without one falls back to its tenant.
  return { run: true, modalsRoot: claims?.root || claims?.tenantGuid || null };
}
