import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/jotai';
import { runtimeConfigAtom } from '../../config/configAtom';
import { defaultRuntimeConfig, parseRuntimeConfig } from '../../config/runtimeConfig';
import type { RefreshOutcome } from '../core/refresh';
import { fakeOrigin, type FakeOrigin, type FakeTab } from '../../core/crossTab/crossTabFakes.testSupport';
import { storageKeys } from '../../lib/storage/keys';
import { startAutoRefresh, type AutoRefreshIo } from './autoRefresh';

/** Refresh grants asked for, by tab, and when (ms since the start). */
let grants: { tab: string; at: number }[];
let outcome: RefreshOutcome;
let lastRefreshAt: number | null;
let origin: FakeOrigin;
let started: number;
const stops: (() => void)[] = [];

function ioOf(tab: FakeTab, locks = true): AutoRefreshIo {
  return {
    ...tab,
    locks: locks ? tab.locks : null,
    refresh: () => {
      grants.push({ tab: tab.id, at: Date.now() - started });
      if (outcome === 'refreshed') lastRefreshAt = Date.now();
      return Promise.resolve(outcome);
    },
    refreshedAt: () => Promise.resolve(lastRefreshAt),
    newId: () => tab.id,
  };
}

/** A signed-in tab opens and starts its auto refresh. */
function openTab({ permission = true, locks = true } = {}): FakeTab {
  const tab = origin.openTab();
  stops.push(startAutoRefresh({ hasPermission: () => permission }, ioOf(tab, locks)));
  return tab;
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ now: 1_800_000_000_000 });
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  origin = fakeOrigin();
  started = Date.now();
  grants = [];
  outcome = 'refreshed';
  lastRefreshAt = null;
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
  appStore.set(runtimeConfigAtom, defaultRuntimeConfig);
});

describe('the leading tab (SPEC §4: auto refresh runs in exactly one tab)', () => {
  it('of 3 tabs one leads: it alone refreshes, 3 s after it took the lead and then every 240 s; its id is in the shared key', async () => {
    const [first] = [openTab(), openTab(), openTab()];
    await advance(0);
    expect(origin.locks.held('trust-shell.auto-refresh')).toEqual(['tab-1']);
    expect(origin.storage.entries.get(storageKeys.autoRefreshId)).toBe(first.id);
    await advance(2_999);
    expect(grants).toEqual([]);
    await advance(1);
    await advance(240_000 * 4);
    expect(grants).toEqual([0, 1, 2, 3, 4].map((n) => ({ tab: 'tab-1', at: 3_000 + n * 240_000 })));
  });

  it('when the leading tab closes, a waiting tab takes over at once and keeps the cadence from the last refresh', async () => {
    const [leader] = [openTab(), openTab(), openTab()];
    await advance(3_000 + 240_000); // two refreshes, the last at 243 s
    expect(grants.map((g) => g.tab)).toEqual(['tab-1', 'tab-1']);
    await advance(10_000);
    leader.close();
    await advance(0);
    expect(origin.locks.held('trust-shell.auto-refresh')).toEqual(['tab-2']);
    expect(origin.storage.entries.get(storageKeys.autoRefreshId)).toBe('tab-2');
    // Its first run (3 s on) finds the refresh just made: it sends nothing and runs again when the
    // interval since that refresh is over.
    outcome = 'reused';
    await advance(3_000);
    expect(grants.at(-1)).toEqual({ tab: 'tab-2', at: 256_000 });
    outcome = 'refreshed';
    await advance(240_000 - 13_000 - 1);
    expect(grants).toHaveLength(3);
    await advance(1);
    expect(grants.at(-1)).toEqual({ tab: 'tab-2', at: 483_000 });
    expect(grants.every((g) => g.tab !== 'tab-3')).toBe(true);
  });

  it('a leader that stops (signs out) hands over too; a waiting tab that stops never leads', async () => {
    openTab();
    openTab();
    openTab();
    await advance(0);
    stops[1]!(); // tab-2 leaves the queue
    stops[0]!(); // the leader stops
    await advance(0);
    expect(origin.locks.held('trust-shell.auto-refresh')).toEqual(['tab-3']);
    await advance(3_000);
    expect(grants).toEqual([{ tab: 'tab-3', at: 3_000 }]);
  });

  it('focus in the leading tab runs it again 3 s later; focus in another tab changes nothing', async () => {
    const [leader, other] = [openTab(), openTab()];
    await advance(3_000 + 100_000);
    expect(grants).toHaveLength(1);
    other.signals.focus();
    await advance(3_000);
    expect(grants).toHaveLength(1);
    leader.signals.focus();
    await advance(3_000);
    expect(grants).toEqual([
      { tab: 'tab-1', at: 3_000 },
      { tab: 'tab-1', at: 109_000 },
    ]);
    // The cadence restarts from that run.
    await advance(240_000);
    expect(grants.at(-1)).toEqual({ tab: 'tab-1', at: 349_000 });
  });

  it('without AutoRefreshToken the leader sends no grant', async () => {
    openTab({ permission: false });
    openTab({ permission: false });
    await advance(3_000 + 240_000 * 3);
    expect(grants).toEqual([]);
  });

  it('once any tab marks the session timed out, the leader stops; focus does not restart it', async () => {
    const [leader, other] = [openTab(), openTab()];
    await advance(3_000);
    other.shared.write(storageKeys.timedOut, 'true');
    await advance(240_000 * 2);
    leader.signals.focus();
    await advance(240_000);
    expect(grants).toHaveLength(1);
  });

  it('without Web Locks, the first tab leads when no leader is recorded, and the others never do', async () => {
    openTab({ locks: false });
    openTab({ locks: false });
    await advance(3_000 + 240_000);
    expect(grants.map((g) => g.tab)).toEqual(['tab-1', 'tab-1']);
  });
});

describe('the auto refresh interval is 300000 ms times the configured factor (SPEC §9)', () => {
  it('0.8 by default: every 240 s', async () => {
    openTab();
    await advance(3_000 + 239_999);
    expect(grants).toHaveLength(1);
    await advance(1);
    expect(grants).toHaveLength(2);
  });

  it('authClient.autoRefreshFactor 0.5: every 150 s', async () => {
    appStore.set(runtimeConfigAtom, parseRuntimeConfig({ authClient: { autoRefreshFactor: 0.5 } }));
    openTab();
    await advance(3_000 + 149_999);
    expect(grants).toHaveLength(1);
    await advance(1);
    expect(grants).toHaveLength(2);
  });
});
