/** SPEC §9: analytics retries 7, with waits of 10 ms times 2 to the power of the attempt. */
export const analyticsChecks = 7;
export const analyticsBaseWaitMs = 10;

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The waits before each check: 10, 20, 40, … ms (1270 ms in all for 7 checks). */
export function waitSchedule(checks: number = analyticsChecks, baseMs: number = analyticsBaseWaitMs): number[] {
  return Array.from({ length: checks }, (_, attempt) => baseMs * 2 ** attempt);
}

export interface BoundedWaitOptions {
  checks?: number;
  baseMs?: number;
  sleep?: Sleep;
  /** Stops early (the member left, or opted out) without counting as a failure. */
  cancelled?: () => boolean;
}

export type WaitOutcome = 'ready' | 'gave-up' | 'cancelled';

function safeCheck(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

/**
 * Waits 10 ms × 2^attempt, then checks, at most `checks` times. A check that throws counts as
 * "not yet": the agent is third-party code and must not break the shell.
 */
export async function waitUntil(check: () => boolean, options: BoundedWaitOptions = {}): Promise<WaitOutcome> {
  const sleep = options.sleep ?? realSleep;
  for (const delay of waitSchedule(options.checks, options.baseMs)) {
    await sleep(delay);
    if (options.cancelled?.()) return 'cancelled';
    if (safeCheck(check)) return 'ready';
  }
  return 'gave-up';
}
