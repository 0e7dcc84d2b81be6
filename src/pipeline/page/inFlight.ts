/**
 * Platform calls this page has in flight, so an update never reloads the page mid-request: the
 * reload waits until they have settled, for a bounded time.
 */
let count = 0;
const idleWaiters = new Set<() => void>();

export function inFlight(): number {
  return count;
}

/** Counts `work` while it runs. */
export function track<T>(work: Promise<T>): Promise<T> {
  count += 1;
  const done = () => {
    count -= 1;
    if (count === 0) idleWaiters.forEach((wake) => wake());
  };
  work.then(done, done);
  return work;
}

/** Resolves once nothing is in flight, or after `timeoutMs` (a hung request must not block forever). */
export function whenIdle(timeoutMs: number): Promise<void> {
  if (count === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      idleWaiters.delete(finish);
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    idleWaiters.add(finish);
  });
}
