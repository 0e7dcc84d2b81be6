/**
 * Resolves in a later task, so that the page handles what is waiting (input, a frame) before the
 * work that follows: a start-up of many steps is then many short tasks, not one long one.
 * `scheduler.yield()` where the browser has it (it resumes ahead of other queued tasks); else a
 * message to itself, which no timer clamp delays and no test clock holds.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
