/**
 * How long a unit test's `vi.waitFor` may poll: an upper bound for a loaded CI machine (vi.waitFor's
 * own is 1 s), never a budget. Speed is measured by the bench.
 */
export const waitBound = { timeout: 5_000 };
