import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeOrigin, type FakeOrigin, type FakeTab } from '../../core/crossTab/crossTabFakes.testSupport';
import { sessionChannelOver } from '../core/sessionChannel';
import { channels } from '../../core/protocol';
import { appStore } from '../../state/jotai';
import { loadedScopeAtom } from './sessionAtoms';
import { startSessionSync } from './sessionSync';

/**
 * Sign-out following across tabs: a `logoff` on the session channel is followed only when the
 * stored session really ended; switches take a tab off the old scope. Each tab's page side is recorded.
 */
interface Tab {
  io: FakeTab;
  did: string[];
  path: string;
  leaving: boolean;
  /** The page holds unsaved work: a session the platform ended (not a sign-out) keeps it. */
  unsavedWork: boolean;
  /** Where the tab's own flow takes it while the follow is under way (its own logoff's redirect, say). */
  arrivesMeanwhile?: string;
}

let origin: FakeOrigin;
let sessionStored: boolean;
const stops: (() => void)[] = [];

function openTab(path = '/mfe-host'): Tab {
  const io = origin.openTab();
  const tab: Tab = { io, did: [], path, leaving: false, unsavedWork: false };
  stops.push(
    startSessionSync({
      ...io,
      sessionEnded: () => Promise.resolve(!sessionStored),
      keepPageForReSignIn: (ended) => {
        if (tab.arrivesMeanwhile) tab.path = tab.arrivesMeanwhile;
        return Promise.resolve(tab.unsavedWork && ended === 'refused');
      },
      clearSession: () => Promise.resolve(void tab.did.push('clear')),
      leaving: () => tab.leaving,
      leavingAfterSwitch: () => false,
      saveReturnUrl: () => void tab.did.push(`return ${tab.path}`),
      path: () => tab.path,
      go: (url) => void tab.did.push(`go ${url}`),
      reload: () => void tab.did.push('reload'),
      browserOnline: () => true,
      onBrowserOnline: () => () => undefined,
    }),
  );
  return tab;
}

/** Another tab signs out: it deletes the stored session, then says so. */
function signOutElsewhere(redirect = '/auth'): void {
  sessionStored = false;
  sessionChannelOver(origin.openTab().channels).broadcast({ type: 'logoff', redirect });
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  origin = fakeOrigin();
  sessionStored = true;
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  appStore.set(loadedScopeAtom, null);
  vi.useRealTimers();
});

describe('sign-out following', () => {
  it('a sign-out in another tab signs every tab out: each clears, keeps its own return URL and goes where the logoff says', async () => {
    const [a, b] = [openTab('/mfe-host'), openTab('/reports?page=2')];
    signOutElsewhere();
    await settle();
    expect(a.did).toEqual(['clear', 'return /mfe-host', 'go /auth']);
    expect(b.did).toEqual(['clear', 'return /reports?page=2', 'go /auth']);
  });

  it('a logoff posted by a script while the session is still stored changes nothing in any tab', async () => {
    const [a, b] = [openTab(), openTab()];
    origin.channels.postFromOutside(channels.session, { type: 'logoff', redirect: '/auth' });
    await settle();
    expect([a.did, b.did]).toEqual([[], []]);
  });

  it('a logoff to an address off the contract is not followed, even with the session gone', async () => {
    const tab = openTab();
    sessionStored = false;
    origin.channels.postFromOutside(channels.session, { type: 'logoff', redirect: 'https://elsewhere.test/' });
    await settle();
    expect(tab.did).toEqual([]);
  });

  it('a SAML member’s logoff sends every tab to the platform’s SAML logout path', async () => {
    const tab = openTab();
    signOutElsewhere('/authentication/saml2/logout?email=ada%40acme.test');
    await settle();
    expect(tab.did.at(-1)).toBe('go /authentication/saml2/logout?email=ada%40acme.test');
  });

  it('a session the platform ended (not a sign-out) leaves a page holding unsaved work in place; the others follow', async () => {
    const [working, idle] = [openTab(), openTab()];
    working.unsavedWork = true;
    sessionStored = false;
    sessionChannelOver(origin.openTab().channels).broadcast({ type: 'logoff', redirect: '/auth', ended: 'refused' });
    await settle();
    expect(working.did).toEqual([]);
    expect(idle.did).toEqual(['clear', 'return /mfe-host', 'go /auth']);
  });

  it('a tab already signed out (on /auth) or on its own way out (saving at a timeout) does not follow', async () => {
    const onAuth = openTab('/auth');
    const timingOut = openTab();
    timingOut.leaving = true;
    signOutElsewhere();
    await settle();
    expect([onAuth.did, timingOut.did]).toEqual([[], []]);
  });

  it('a tab its own flow took to /auth while it was following (it heard its own logoff) neither clears nor loads /auth again', async () => {
    const tab = openTab();
    tab.arrivesMeanwhile = '/auth';
    sessionStored = false;
    sessionChannelOver(origin.openTab().channels).broadcast({ type: 'logoff', redirect: '/auth', ended: 'refused' });
    await settle();
    // A second load of /auth would come after whatever the member (or a test) did there since.
    expect(tab.did).toEqual([]);
  });
});

describe('switches in another tab', () => {
  it('a tenant switch takes a tab showing another tenant to /landing; one already on it stays', async () => {
    const tab = openTab();
    appStore.set(loadedScopeAtom, { tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Admin', scopeKey: 'u1:t1:g1:Admin' });
    const channel = sessionChannelOver(origin.openTab().channels);
    channel.broadcast({ type: 'tenant-switched', tenantGuid: 't1' });
    await settle();
    expect(tab.did).toEqual([]);
    channel.broadcast({ type: 'tenant-switched', tenantGuid: 't2' });
    await settle();
    expect(tab.did).toEqual(['go /landing']);
  });

  it('an organisation-group switch reloads a tab showing another group', async () => {
    const tab = openTab();
    appStore.set(loadedScopeAtom, { tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Admin', scopeKey: 'u1:t1:g1:Admin' });
    sessionChannelOver(origin.openTab().channels).broadcast({ type: 'orggroup-switched', orgGroupGuid: 'g2' });
    await settle();
    expect(tab.did).toEqual(['reload']);
  });

  it('a role switch in the same group reloads a tab showing the old role; one already in it stays', async () => {
    const tab = openTab();
    appStore.set(loadedScopeAtom, { tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Admin', scopeKey: 'u1:t1:g1:Admin' });
    const channel = sessionChannelOver(origin.openTab().channels);
    channel.broadcast({ type: 'orggroup-switched', orgGroupGuid: 'g1', role: 'Admin' });
    await settle();
    expect(tab.did).toEqual([]);
    channel.broadcast({ type: 'orggroup-switched', orgGroupGuid: 'g1', role: 'Auditor' });
    await settle();
    expect(tab.did).toEqual(['reload']);
  });
});
