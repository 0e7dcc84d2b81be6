import type { Channels, Clock, ContextIo, Locks } from './crossTabIo';

/**
 * The real cross-tab I/O of any context (a tab, the service worker, a worker): Web Locks,
 * BroadcastChannel and the global timers, which all three have.
 */
export function contextLocks(): Locks | null {
  const manager = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!manager) return null;
  return { request: (name, options, task) => manager.request(name, options, (lock) => task(lock)) };
}

export const broadcastChannels: Channels = {
  open(name, onMessage) {
    let channel: BroadcastChannel;
    try {
      channel = new BroadcastChannel(name);
    } catch {
      // No BroadcastChannel (very old browser).
      return null;
    }
    if (onMessage) channel.onmessage = (event: MessageEvent<unknown>) => onMessage(event.data);
    return { post: (message) => channel.postMessage(message), close: () => channel.close() };
  },
};

export const systemClock: Clock = {
  now: () => Date.now(),
  // Looked up at each call, so a test's fake timers (installed later) are the ones used.
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle),
};

export function contextIo(): ContextIo {
  return { locks: contextLocks(), channels: broadcastChannels, clock: systemClock };
}
