import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeOrigin, type FakeOrigin, type FakeTab } from '../../core/crossTab/crossTabFakes.testSupport';
import { storageKeys } from '../../lib/storage/keys';
import { startIdleWatcher, type IdleWatcher } from './idleWatcher';
import { createSessionTimeout, type SessionTimeout } from './sessionTimeout';

/**
 * The idle clock across tabs (SPEC §4/§9): each tab's watcher over one origin's fakes. Time is
 * Vitest's; the session's side of a timed-out sign-out is recorded in `events`.
 */
interface Tab {
  io: FakeTab;
  watcher: IdleWatcher;
  timeout: SessionTimeout;
  warnings: (number | null)[];
  timedOut: number;
  /** Where the tab went once signed out. */
  went: string | null;
  releaseHold: () => void;
}

let origin: FakeOrigin;
let tabs: Tab[];
let events: string[];
let enabled: boolean;
let autoRefresh: boolean;
let refreshExpMs: number | null;
let sessionStored: boolean;
/** How long each tab's open screens take to save, by tab id. */
let saveMs: Map<string, number>;

function openTab({ watch = true } = {}): Tab {
  const io = origin.openTab();
  const timeout = createSessionTimeout({
    ...io,
    markLeaving: () => undefined,
    saveOpenWork: async () => {
      events.push(`save ${io.id}`);
      const ms = saveMs.get(io.id);
      if (ms !== undefined) await new Promise((resolve) => io.clock.setTimeout(() => resolve(undefined), ms));
      events.push(`saved ${io.id}`);
    },
    sessionStored: () => Promise.resolve(sessionStored),
    signOut: () => {
      sessionStored = false;
      events.push(`sign out ${io.id}`);
      return Promise.resolve('/auth');
    },
    followSignOut: () => {
      events.push(`follow ${io.id}`);
      return Promise.resolve('/auth');
    },
  });
  const tab: Tab = { io, timeout, warnings: [], timedOut: 0, went: null, releaseHold: timeout.holdOpenWork(), watcher: { restart: () => undefined, reevaluate: () => undefined, stop: () => undefined } };
  if (watch) {
    tab.watcher = startIdleWatcher(
      {
        enabled: () => enabled,
        autoRefresh: () => autoRefresh,
        onWarning: (at) => tab.warnings.push(at),
        onTimedOut: () => {
          tab.timedOut += 1;
          void timeout.timeOutSession().then((target) => (tab.went = target));
        },
      },
      { ...io, refreshExpMs: () => Promise.resolve(refreshExpMs) },
    );
  }
  tabs.push(tab);
  return tab;
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const lastActivity = () => Number(origin.storage.entries.get(storageKeys.lastActivity));

beforeEach(() => {
  vi.useFakeTimers({ now: 1_800_000_000_000 });
  origin = fakeOrigin();
  tabs = [];
  events = [];
  enabled = true;
  autoRefresh = false;
  refreshExpMs = null;
  sessionStored = true;
  saveMs = new Map();
});
afterEach(() => {
  tabs.forEach((tab) => tab.watcher.stop());
  vi.useRealTimers();
});

describe('the idle clock of one tab', () => {
  it('opens the warning after 300 s without input, with its deadline 60 s later, then times out', async () => {
    const tab = openTab();
    const started = Date.now();
    await advance(299_000);
    expect(tab.warnings).toEqual([]);
    await advance(1_000);
    expect(tab.warnings).toEqual([started + 360_000]);
    await advance(60_000);
    expect(tab.warnings).toEqual([started + 360_000, null]);
    expect(tab.timedOut).toBe(1);
  });

  it('input restarts the window, shared through local storage; input during the warning leaves it open; Continue closes it', async () => {
    const tab = openTab();
    await advance(200_000);
    tab.io.signals.input();
    expect(lastActivity()).toBe(Date.now());
    await advance(299_000);
    expect(tab.warnings).toEqual([]);
    await advance(1_000);
    expect(tab.warnings).toHaveLength(1);
    tab.io.signals.input();
    await advance(1_000);
    expect(tab.warnings).toHaveLength(1);
    tab.watcher.restart(); // Continue
    expect(tab.warnings.at(-1)).toBeNull();
  });

  it('a clock that jumps past the deadline times out at once when the tab shows again, without a warning first', () => {
    const tab = openTab();
    vi.setSystemTime(Date.now() + 3_600_000);
    tab.io.signals.show();
    expect(tab.timedOut).toBe(1);
    expect(tab.warnings).toEqual([]);
  });

  it('a clock that jumps past the deadline (a machine that slept) times out at the next clock check, without a warning first', async () => {
    const tab = openTab();
    vi.setSystemTime(Date.now() + 3_600_000);
    await advance(1_000);
    expect(tab.timedOut).toBe(1);
    expect(tab.warnings).toEqual([]);
  });

  it('without SessionTimeoutWarning there is neither warning nor timeout', async () => {
    enabled = false;
    const tab = openTab();
    await advance(3_600_000);
    expect(tab.warnings).toEqual([]);
    expect(tab.timedOut).toBe(0);
  });

  it('a corrupt stored activity time starts a fresh window instead of timing out', async () => {
    origin.storage.entries.set(storageKeys.lastActivity, 'not a time');
    const tab = openTab();
    expect(tab.timedOut).toBe(0);
    await advance(299_000);
    expect(tab.warnings).toEqual([]);
  });

  it('with auto refresh, the warning opens 70 s before the refresh token runs out, and the countdown is 60 s', async () => {
    autoRefresh = true;
    refreshExpMs = Date.now() + 200_000;
    const tab = openTab();
    await advance(129_000);
    expect(tab.warnings).toEqual([]);
    await advance(1_000);
    expect(tab.warnings).toEqual([Date.now() + 60_000]);
  });
});

describe('the idle clock across tabs', () => {
  it('input in one tab resets every tab: none warns 300 s after opening, all warn 300 s after the input, with one deadline', async () => {
    const [a, b, c] = [openTab(), openTab(), openTab()];
    await advance(250_000);
    b.io.signals.input();
    const inputAt = Date.now();
    await advance(299_000);
    for (const tab of [a, b, c]) expect(tab.warnings).toEqual([]);
    await advance(1_000);
    for (const tab of [a, b, c]) expect(tab.warnings).toEqual([inputAt + 360_000]);
  });

  it('Continue in one tab closes the warning in every tab', async () => {
    const [a, b] = [openTab(), openTab()];
    await advance(300_000);
    expect([a.warnings.length, b.warnings.length]).toEqual([1, 1]);
    b.watcher.restart();
    await advance(0);
    expect(a.warnings.at(-1)).toBeNull();
    expect(b.warnings.at(-1)).toBeNull();
    await advance(59_000);
    expect(a.timedOut + b.timedOut).toBe(0);
  });

  it('a tab timing out tells the others at once, so one whose timers run late (in the background) times out too', async () => {
    const [a, b] = [openTab(), openTab()];
    await advance(100_000);
    void a.timeout.timeOutSession();
    await advance(0);
    expect(b.timedOut).toBe(1);
    expect(origin.storage.entries.get(storageKeys.timedOut)).toBe('true');
  });
});

describe('the timed-out sign-out (SPEC §4 SaveAndLogoff)', () => {
  it('every tab saves its open work first; then the first tab through signs the session out and the others follow', async () => {
    const [a, b] = [openTab(), openTab()];
    saveMs.set(b.io.id, 5_000); // tab B's screen takes a while to save
    await advance(360_000);
    expect(a.timedOut + b.timedOut).toBe(2);
    await advance(4_999);
    expect(events.filter((e) => e.startsWith('sign out'))).toEqual([]);
    await advance(1);
    const signOut = events.findIndex((e) => e.startsWith('sign out'));
    expect(events.indexOf('saved tab-1')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('saved tab-1')).toBeLessThan(signOut);
    expect(events.indexOf('saved tab-2')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('saved tab-2')).toBeLessThan(signOut);
    expect(events.filter((e) => e.startsWith('sign out'))).toHaveLength(1);
    expect(events.filter((e) => e.startsWith('follow'))).toHaveLength(1);
    expect([a.went, b.went]).toEqual(['/auth', '/auth']);
    expect(origin.storage.entries.get(storageKeys.timedOut)).toBe('true');
  });

  it('a tab that never lets go of its open work (frozen) is waited for 15 s at most', async () => {
    const a = openTab();
    openTab({ watch: false }); // holds its open work and never answers
    await advance(360_000);
    expect(a.timedOut).toBe(1);
    await advance(14_999);
    expect(events).toEqual(['save tab-1', 'saved tab-1']);
    await advance(1);
    expect(events).toEqual(['save tab-1', 'saved tab-1', 'sign out tab-1']);
  });

  it('a closed tab’s hold is gone with it: the sign-out does not wait for it', async () => {
    openTab();
    const frozen = openTab({ watch: false });
    frozen.io.close();
    await advance(360_000);
    expect(events).toEqual(['save tab-1', 'saved tab-1', 'sign out tab-1']);
  });
});
