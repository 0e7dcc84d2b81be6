import type { AnalyticsIdentity } from './identity';

/**
 * The analytics agent the configured script defines as `window.trustShellAnalytics` (the
 * emulator's stand-in implements the same global, emulator/routes/analytics.ts):
 *
 * - `initialize({visitor, account, globalContext})` identifies the member (SPEC §3);
 * - `isReady()` is true once the agent has taken the identity (polled up to 7 times, SPEC §9);
 * - `track(name, props)` records an event; `reset()` forgets the member (sign-out);
 * - `optOut()` stops collection for the member (ProductImprovements turned off).
 */
export interface AnalyticsAgent {
  initialize(identity: AnalyticsIdentity): void;
  isReady(): boolean;
  track(name: string, props: Record<string, unknown>): void;
  reset(): void;
  optOut(): void;
}

export const agentGlobalName = 'trustShellAnalytics';

const methods = ['initialize', 'isReady', 'track', 'reset', 'optOut'] as const;

/** The agent if the global exists and has every method; third-party code is never trusted blindly. */
export function readAgent(scope: object = globalThis): AnalyticsAgent | null {
  const candidate: unknown = Reflect.get(scope, agentGlobalName);
  if (typeof candidate !== 'object' || candidate === null) return null;
  for (const name of methods) if (typeof Reflect.get(candidate, name) !== 'function') return null;
  return candidate as AnalyticsAgent;
}
