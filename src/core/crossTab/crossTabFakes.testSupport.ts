import type { Channel, Channels, Clock, ContextIo, HeldLock, LockMode, LockRequest, Locks, SharedStorage, TabIo, TabSignals, TabStorage, TimerHandle } from './crossTabIo';
import { systemClock } from './contextIo';

/**
 * Fakes of the cross-tab I/O for unit tests: several "tabs" (and a service worker) of one origin in
 * one test, sharing a lock manager, a channel hub and local storage. Time is Vitest's fake timers
 * (each context's clock wraps the global one, so a closed tab's timers stop with it). Messages and
 * lock grants arrive asynchronously, as in a browser: `await vi.advanceTimersByTimeAsync(0)` (or
 * `settle()`) lets them land.
 */

const abortError = (message: string) => new DOMException(message, 'AbortError');

interface Waiting {
  context: string;
  name: string;
  mode: LockMode;
  grant: () => void;
  reject: (error: unknown) => void;
}

interface Holder {
  context: string;
  name: string;
  mode: LockMode;
  /** Ends the holder's request with `error` (a steal). */
  steal: (error: Error) => void;
}

/** The Web Locks API's rules: FIFO per name, shared locks together, exclusive alone; ifAvailable, steal, signal. */
export class FakeLockManager {
  private readonly holders: Holder[] = [];
  private readonly queue: Waiting[] = [];

  /** The lock manager as one context (a tab, the worker) sees it. */
  forContext(context: string): Locks {
    return { request: (name, options, task) => this.request(context, name, options, task) };
  }

  /** Who holds `name` now (context ids), for assertions. */
  held(name: string): string[] {
    return this.holders.filter((h) => h.name === name).map((h) => h.context);
  }

  /** Who waits for `name`, in order. */
  waiting(name: string): string[] {
    return this.queue.filter((w) => w.name === name).map((w) => w.context);
  }

  /** A context went away (the tab closed): its locks are released and its waits dropped. */
  closeContext(context: string): void {
    for (const holder of this.holders.filter((h) => h.context === context)) this.release(holder);
    for (let i = this.queue.length - 1; i >= 0; i -= 1) if (this.queue[i]!.context === context) this.queue.splice(i, 1);
    this.grantWaiting();
  }

  private grantable(name: string, mode: LockMode, ahead: readonly Waiting[]): boolean {
    const held = this.holders.filter((h) => h.name === name);
    const queued = ahead.filter((w) => w.name === name);
    if (mode === 'exclusive') return held.length === 0 && queued.length === 0;
    return held.every((h) => h.mode === 'shared') && queued.every((w) => w.mode === 'shared');
  }

  private request<T>(context: string, name: string, options: LockRequest, task: (lock: HeldLock | null) => T | Promise<T>): Promise<T> {
    const mode = options.mode ?? 'exclusive';
    if ((options.steal && options.ifAvailable) || (options.steal && mode !== 'exclusive') || (options.signal && (options.steal || options.ifAvailable))) {
      return Promise.reject(new DOMException('Unsupported lock options', 'NotSupportedError'));
    }
    if (options.signal?.aborted) return Promise.reject(abortError('Lock request aborted'));
    return new Promise<T>((resolve, reject) => {
      const run = (holder: Holder | null) => {
        // The task runs a moment after the grant, as in a browser.
        queueMicrotask(() => {
          Promise.resolve()
            .then(() => task(holder ? { name, mode } : null))
            .then(
              (value) => {
                if (holder) this.release(holder);
                resolve(value);
              },
              (error: unknown) => {
                if (holder) this.release(holder);
                // The task's own failure, passed on as the browser does.
                // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
                reject(error);
              },
            );
        });
      };
      const take = () => {
        const holder: Holder = { context, name, mode, steal: reject };
        this.holders.push(holder);
        run(holder);
      };
      if (options.steal) {
        for (const holder of this.holders.filter((h) => h.name === name)) {
          this.release(holder, false);
          holder.steal(abortError('Lock broken by another request with the steal option'));
        }
        take();
        return;
      }
      if (this.grantable(name, mode, this.queue)) return take();
      if (options.ifAvailable) return run(null);
      const waiting: Waiting = { context, name, mode, grant: take, reject };
      this.queue.push(waiting);
      options.signal?.addEventListener('abort', () => {
        const at = this.queue.indexOf(waiting);
        if (at < 0) return; // granted already: the lock is kept
        this.queue.splice(at, 1);
        reject(abortError('Lock request aborted'));
        this.grantWaiting();
      });
    });
  }

  private release(holder: Holder, thenGrant = true): void {
    const at = this.holders.indexOf(holder);
    if (at < 0) return;
    this.holders.splice(at, 1);
    if (thenGrant) this.grantWaiting();
  }

  /** Grants from the head of the queue while the head is grantable (FIFO: a later request never jumps one). */
  private grantWaiting(): void {
    while (this.queue.length > 0) {
      const next = this.queue.findIndex((w, i) => this.grantable(w.name, w.mode, this.queue.slice(0, i)));
      if (next < 0) return;
      const [waiting] = this.queue.splice(next, 1);
      waiting!.grant();
    }
  }
}

interface OpenChannel {
  context: string;
  name: string;
  onMessage?: (data: unknown) => void;
  closed: boolean;
}

/** BroadcastChannel across contexts: a message reaches every other open end of its name, cloned, a moment later. */
export class ChannelHub {
  private readonly open: OpenChannel[] = [];
  /** Every message posted, in order, for assertions. */
  readonly posted: { context: string; name: string; data: unknown }[] = [];

  forContext(context: string): Channels {
    return {
      open: (name, onMessage) => {
        const end: OpenChannel = { context, name, onMessage, closed: false };
        this.open.push(end);
        const channel: Channel = {
          post: (message) => {
            if (end.closed) throw new DOMException('Channel is closed', 'InvalidStateError');
            this.posted.push({ context, name, data: message });
            const copy = structuredClone(message);
            for (const other of this.open.filter((o) => o !== end && o.name === name)) {
              queueMicrotask(() => {
                if (!other.closed) other.onMessage?.(structuredClone(copy));
              });
            }
          },
          close: () => this.close(end),
        };
        return channel;
      },
    };
  }

  /** Posts as some script of the origin would (not one of the shell's contexts). */
  postFromOutside(name: string, message: unknown): void {
    this.forContext('outside').open(name)?.post(message);
  }

  closeContext(context: string): void {
    for (const end of this.open.filter((o) => o.context === context)) this.close(end);
  }

  private close(end: OpenChannel): void {
    end.closed = true;
    const at = this.open.indexOf(end);
    if (at >= 0) this.open.splice(at, 1);
  }
}

/** Local storage shared by the tabs: a write is heard by every other tab (the `storage` event). */
export class SharedStorageHub {
  readonly entries = new Map<string, string>();
  private readonly listeners: { context: string; listener: (key: string | null) => void }[] = [];

  forContext(context: string): SharedStorage {
    const tell = (key: string | null) => {
      for (const { context: other, listener } of [...this.listeners]) if (other !== context) queueMicrotask(() => listener(key));
    };
    return {
      read: (key) => this.entries.get(key) ?? null,
      write: (key, value) => {
        const changed = this.entries.get(key) !== value;
        this.entries.set(key, value);
        if (changed) tell(key);
      },
      remove: (key) => {
        if (this.entries.delete(key)) tell(key);
      },
      onChange: (listener) => {
        const entry = { context, listener };
        this.listeners.push(entry);
        return () => {
          const at = this.listeners.indexOf(entry);
          if (at >= 0) this.listeners.splice(at, 1);
        };
      },
    };
  }

  closeContext(context: string): void {
    for (let i = this.listeners.length - 1; i >= 0; i -= 1) if (this.listeners[i]!.context === context) this.listeners.splice(i, 1);
  }
}

/** A context's clock: the global (fake) timers, all cleared when the context closes. */
function contextClock(): Clock & { stopAll(): void } {
  const timeouts = new Set<TimerHandle>();
  const intervals = new Set<TimerHandle>();
  let closed = false;
  return {
    now: () => systemClock.now(),
    setTimeout: (callback, ms) => {
      const handle = systemClock.setTimeout(() => {
        timeouts.delete(handle);
        if (!closed) callback();
      }, ms);
      timeouts.add(handle);
      return handle;
    },
    clearTimeout: (handle) => {
      if (handle !== undefined) timeouts.delete(handle);
      systemClock.clearTimeout(handle);
    },
    setInterval: (callback, ms) => {
      const handle = systemClock.setInterval(() => {
        if (!closed) callback();
      }, ms);
      intervals.add(handle);
      return handle;
    },
    clearInterval: (handle) => {
      if (handle !== undefined) intervals.delete(handle);
      systemClock.clearInterval(handle);
    },
    stopAll: () => {
      closed = true;
      timeouts.forEach((h) => systemClock.clearTimeout(h));
      intervals.forEach((h) => systemClock.clearInterval(h));
    },
  };
}

/** The member's hand on one tab: input, focus, showing it again. */
export class FakeSignals implements TabSignals {
  private readonly listeners = { activity: new Set<() => void>(), focus: new Set<() => void>(), shown: new Set<() => void>() };
  onActivity = (listener: () => void) => this.add('activity', listener);
  onFocus = (listener: () => void) => this.add('focus', listener);
  onShown = (listener: () => void) => this.add('shown', listener);
  /** The member types or moves the pointer in this tab. */
  input(): void {
    this.listeners.activity.forEach((l) => l());
  }
  /** The window comes to the front (that is activity too). */
  focus(): void {
    this.listeners.focus.forEach((l) => l());
    this.listeners.activity.forEach((l) => l());
  }
  /** The tab becomes visible again. */
  show(): void {
    this.listeners.shown.forEach((l) => l());
  }
  clear(): void {
    Object.values(this.listeners).forEach((set) => set.clear());
  }
  private add(kind: keyof FakeSignals['listeners'], listener: () => void): () => void {
    this.listeners[kind].add(listener);
    return () => this.listeners[kind].delete(listener);
  }
}

export interface FakeContext extends ContextIo {
  id: string;
  closed: boolean;
  /** The context goes away: its timers stop, its channels close, its locks are released. */
  close(): void;
}

export interface FakeTab extends FakeContext, TabIo {
  signals: FakeSignals;
  tabEntries: Map<string, string>;
}

/** One origin: tabs and a service worker over one lock manager, one channel hub and one local storage. */
export function fakeOrigin() {
  const locks = new FakeLockManager();
  const channels = new ChannelHub();
  const storage = new SharedStorageHub();
  let count = 0;

  const context = (id: string): FakeContext => {
    const clock = contextClock();
    const self: FakeContext = {
      id,
      closed: false,
      locks: locks.forContext(id),
      channels: channels.forContext(id),
      clock,
      close() {
        self.closed = true;
        clock.stopAll();
        channels.closeContext(id);
        storage.closeContext(id);
        locks.closeContext(id);
      },
    };
    return self;
  };

  return {
    locks,
    channels,
    storage,
    /** A tab opens (its id: tab-1, tab-2, …). */
    openTab(): FakeTab {
      count += 1;
      const base = context(`tab-${count}`);
      const tabEntries = new Map<string, string>();
      const tab: TabStorage = { read: (key) => tabEntries.get(key) ?? null, write: (key, value) => void tabEntries.set(key, value) };
      const signals = new FakeSignals();
      const closeContext = base.close.bind(base);
      return Object.assign(base, {
        shared: storage.forContext(base.id),
        tab,
        tabEntries,
        signals,
        close() {
          signals.clear();
          closeContext();
        },
      });
    },
    /** The service worker (or a worker): locks, channels and timers, no tab storage. */
    openWorker(id = 'worker'): FakeContext {
      return context(id);
    },
  };
}

export type FakeOrigin = ReturnType<typeof fakeOrigin>;
