import type { Locks } from './crossTab/crossTabIo';
import { contextLocks } from './crossTab/contextIo';

/**
 * Runs `task` while holding the Web Lock `name`: one at a time across every tab, the service
 * worker and the workers of this origin (`locks`: this context's, unless a test passes its fakes).
 * Without Web Locks, one at a time within this context.
 */
const localQueues = new Map<string, Promise<unknown>>();

export function exclusively<T>(name: string, task: () => Promise<T>, locks: Locks | null = contextLocks()): Promise<T> {
  if (locks) return locks.request(name, {}, task);
  const run = (localQueues.get(name) ?? Promise.resolve()).then(task, task);
  localQueues.set(name, run.catch(() => undefined));
  return run;
}
