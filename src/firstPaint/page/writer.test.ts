// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readKv, sessionKeys, writeKv } from '../../session/core/sessionDb';
import { unsignedJwt } from '../../session/core/unsignedJwt.testSupport';
import { chromeSnapshotKey } from '../../session/core/sessionKeys';
import { isChromeSnapshot } from '../core/snapshot';
import { memberScopeKey } from '../../session/core/claims';
import { captureChrome, clearChromeSnapshot, snapshotWriter, keepNow, writeChromeSnapshot } from './writer';
import { waitBound } from '../../core/waitBound.testSupport';

const scopeKey = (guid: string, tenantGuid: string, orgGroupGuid = 'group-1', role = 'Site Admin') => memberScopeKey({ guid, tenantGuid, orgGroupGuid, role });
/** The scope the bar shows (the tab's loaded state): the stored session's unless a test changes it. */
let shown: string | null = scopeKey('user-1', 'tenant-1');
const options = { leaveOut: ['time', '[role="status"]'], layoutQuery: '(min-width: 64rem)', shownScope: () => shown };
const accessToken = (guid: string, tenantGuid: string, orgGroupGuid = 'group-1', role = 'Site Admin') =>
  unsignedJwt({ guid, tenantGuid, orgGroupGuid, role, exp: Math.floor(Date.now() / 1000) + 900 });
const kept = () => readKv(chromeSnapshotKey, isChromeSnapshot);

function showBar(): HTMLElement {
  document.documentElement.lang = 'en-us';
  document.documentElement.dir = 'ltr';
  document.documentElement.dataset.brand = 'custom';
  document.documentElement.style.setProperty('--brand-primary', '#0B5FFF');
  document.body.innerHTML =
    '<div class="shell"><header class="shell__bar"><span data-testid="user-name">Ada Admin</span><time>12:00</time><span role="status">Offline</span></header></div>';
  return document.querySelector('header')!;
}

describe('the kept chrome', () => {
  beforeEach(async () => {
    shown = scopeKey('user-1', 'tenant-1');
    await clearChromeSnapshot();
    await writeKv(sessionKeys.accessToken, accessToken('user-1', 'tenant-1'));
    await writeKv(sessionKeys.language, 'en-us');
  });

  it('is the bar as shown, without what the first screen does not show, with the brand and direction of <html>', () => {
    const snapshot = captureChrome(showBar(), options, scopeKey('user-1', 'tenant-1'), 'en-us')!;
    expect(snapshot).toMatchObject({ scopeKey: scopeKey('user-1', 'tenant-1'), language: 'en-us', lang: 'en-us', dir: 'ltr', brand: 'custom', vars: { '--brand-primary': '#0B5FFF' } });
    expect(JSON.stringify(snapshot.bar)).toContain('Ada Admin');
    expect(JSON.stringify(snapshot.bar)).not.toMatch(/12:00|Offline/);
    expect(isChromeSnapshot(snapshot)).toBe(true);
  });

  it('is kept for the signed-in member, tenant, organisation group, role and language only, checked when written', async () => {
    const bar = showBar();
    expect(await writeChromeSnapshot(captureChrome(bar, options, scopeKey('user-2', 'tenant-1'), 'en-us')!)).toBe(false);
    expect(await writeChromeSnapshot(captureChrome(bar, options, scopeKey('user-1', 'tenant-2'), 'en-us')!)).toBe(false);
    expect(await writeChromeSnapshot(captureChrome(bar, options, scopeKey('user-1', 'tenant-1', 'group-2'), 'en-us')!)).toBe(false);
    expect(await writeChromeSnapshot(captureChrome(bar, options, scopeKey('user-1', 'tenant-1', 'group-1', 'Auditor'), 'en-us')!)).toBe(false);
    expect(await writeChromeSnapshot(captureChrome(bar, options, scopeKey('user-1', 'tenant-1'), 'de-de')!)).toBe(false);
    expect(await kept()).toBeNull();
    expect(await keepNow(bar, options)).toBe(true);
    expect((await kept())?.scopeKey).toBe(scopeKey('user-1', 'tenant-1'));
  });

  it('is not kept while the bar still shows the scope before a switch (the stored session is already the new one)', async () => {
    const bar = showBar();
    await writeKv(sessionKeys.accessToken, accessToken('user-1', 'tenant-1', 'group-2'));
    expect(await keepNow(bar, options)).toBe(false);
    shown = null;
    expect(await keepNow(bar, options)).toBe(false);
    expect(await kept()).toBeNull();
  });

  it('is not kept while the bar shows another language than the session’s, nor once signed out', async () => {
    const bar = showBar();
    document.documentElement.lang = 'de-de';
    expect(await keepNow(bar, options)).toBe(false);
    document.documentElement.lang = 'en-us';
    await writeKv(sessionKeys.accessToken, null);
    expect(await keepNow(bar, options)).toBe(false);
    expect(await kept()).toBeNull();
  });

  describe('kept current', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('a change of the bar is written; one only inside what it leaves out (the clock’s minute) writes nothing', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const bar = showBar();
      const stop = snapshotWriter(bar, options);
      await vi.advanceTimersByTimeAsync(300);
      await vi.waitFor(async () => expect(JSON.stringify((await kept())?.bar)).toContain('Ada Admin'), waitBound);

      // Each change the observer is told of (delivered a moment later) schedules a
      // capture on the one timer: none for the clock's minute or a status note.
      const captureScheduled = async () => {
        await vi.advanceTimersByTimeAsync(0);
        return vi.getTimerCount() > 0;
      };
      expect(await captureScheduled()).toBe(false);
      bar.querySelector('time')!.textContent = '12:01';
      bar.querySelector('[role="status"]')!.append(document.createElement('span'));
      expect(await captureScheduled()).toBe(false);

      bar.querySelector('[data-testid="user-name"]')!.textContent = 'Ada Lovelace';
      expect(await captureScheduled()).toBe(true);
      await vi.advanceTimersByTimeAsync(300);
      await vi.waitFor(async () => expect(JSON.stringify((await kept())?.bar)).toContain('Ada Lovelace'), waitBound);
      stop();
    });
  });

  it('goes at sign-out', async () => {
    expect(await keepNow(showBar(), options)).toBe(true);
    await clearChromeSnapshot();
    expect(await kept()).toBeNull();
  });
});
