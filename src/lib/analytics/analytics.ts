import { readAgent } from './agent';
import { AnalyticsController } from './analyticsController';
import { loadScript } from './scriptLoader';

/** The page's one analytics life cycle (driven by useAnalytics; reset on sign-out). */
export const analytics = new AnalyticsController({ loadScript: (src) => loadScript(src), readAgent: () => readAgent() });

/**
 * The shell's tracking API: safe to call at any time. Events wait until the script is loaded and
 * the member identified, and are dropped when analytics is off (SPEC §4) — callers need no checks.
 */
export function track(name: string, props: Record<string, unknown> = {}): void {
  analytics.track(name, props);
}
