/**
 * The I/O the cross-tab core runs on, as small interfaces: the real ones are wired at the hosts
 * (the page, the service worker, the workers: `contextIo`, and the page's `lib/crossTab/pageIo`);
 * unit tests pass the fakes of `crossTabFakes.testSupport` (several "tabs" in one test).
 */

export type LockMode = 'exclusive' | 'shared';

export interface LockRequest {
  mode?: LockMode;
  /** Granted now or not at all: the task then runs with null. */
  ifAvailable?: boolean;
  /** Takes the lock from its holders (their requests reject), ahead of every waiting request. */
  steal?: boolean;
  /** Aborting gives up the wait (the request rejects); a granted lock is kept. */
  signal?: AbortSignal;
}

export interface HeldLock {
  name: string;
  mode: LockMode;
}

/**
 * The part of the Web Locks API the core uses (navigator.locks fits it): a lock is held, across every
 * tab, the service worker and the workers of the origin, until the task's promise settles.
 */
export interface Locks {
  request<T>(name: string, options: LockRequest, task: (lock: HeldLock | null) => T | Promise<T>): Promise<T>;
}

/** One end of a named channel (a BroadcastChannel): it hears every other end, in any context, never itself. */
export interface Channel {
  post(message: unknown): void;
  close(): void;
}

export interface Channels {
  /**
   * Joins `name`; `onMessage` gets each message as sent (unparsed: any same-origin script can post).
   * Null when this context has no channels (a very old browser): it then acts on its own.
   */
  open(name: string, onMessage?: (data: unknown) => void): Channel | null;
}

export type TimerHandle = ReturnType<typeof setTimeout>;

/** Wall time and timers. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle | undefined): void;
}

/**
 * Storage every tab of the origin shares (local storage). `onChange` hears the writes of other tabs
 * only, as the `storage` event does (null: everything was cleared).
 */
export interface SharedStorage {
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
  onChange(listener: (key: string | null) => void): () => void;
}

/** Storage of this tab alone (session storage): a reload keeps it. */
export interface TabStorage {
  read(key: string): string | null;
  write(key: string, value: string): void;
}

/** What the member does to a tab (page only). */
export interface TabSignals {
  /** The member's own input in the tab (pointer, keys, wheel, touch), or its window coming to the front. */
  onActivity(listener: () => void): () => void;
  /** The window came to the front. */
  onFocus(listener: () => void): () => void;
  /** The tab became visible again, or came back from the back/forward cache: time passed unseen. */
  onShown(listener: () => void): () => void;
}

/** A context's I/O: every tab, the service worker and the workers have these. */
export interface ContextIo {
  /** null without Web Locks (an old browser): the core then acts within this context only. */
  locks: Locks | null;
  channels: Channels;
  clock: Clock;
}

/** A tab's I/O: a context's, plus storage and the member's signals. */
export interface TabIo extends ContextIo {
  shared: SharedStorage;
  tab: TabStorage;
  signals: TabSignals;
}
