import { sessionChannelOver } from '../core/sessionChannel';
import { readStoredAuth } from '../core/sessionDb';
import type { TabIo } from '../../core/crossTab/crossTabIo';
import { emitLoginEvent } from '../../lib/auth/loginEvents';
import { appStore } from '../../state/jotai';
import { isLoggingOff, saveReturnUrl } from './logoffState';
import { isLeavingAfterSwitch } from './switching';
import { connectionAtom, loadedScopeAtom, syncSessionFromStorage } from './sessionAtoms';
import { nextConnection } from './connectionStatus';

/** What following the session does to this tab and reads of it (the real one: `pageFollower`). */
export interface SessionFollower {
  /**
   * The stored session is gone. A `logoff` is followed only then: every sender deletes the stored
   * session before it says so, and any script of the origin can post on the channel, so a message
   * alone ends nothing.
   */
  sessionEnded(): Promise<boolean>;
  /**
   * The page holds unsaved work and the session was not signed out (`ended: 'refused'`): it stays,
   * and its member signs in again over it (session/page/reSignIn).
   */
  keepPageForReSignIn(ended: 'refused' | undefined): Promise<boolean>;
  /** Clears what this tab holds of the ended session (drafts kept: a forced sign-out keeps them). */
  clearSession(): Promise<void>;
  /** This tab is on its own way out (a timeout saving its work). */
  leaving(): boolean;
  /** This tab switched tenant or organisation group and is already navigating. */
  leavingAfterSwitch(): boolean;
  saveReturnUrl(): void;
  path(): string;
  go(url: string): void;
  reload(): void;
  /** The browser's own online/offline, now and as it changes. */
  browserOnline(): boolean;
  onBrowserOnline(listener: (online: boolean) => void): () => void;
}

export const pageFollower: SessionFollower = {
  sessionEnded: async () => (await readStoredAuth()) === null,
  // The re-sign-in and the clearing code load only now: no page start needs them.
  keepPageForReSignIn: async (ended) => (await import('./reSignIn')).keepPageForReSignIn(ended),
  clearSession: async () => (await import('./logoff')).clearLocalSession({ keepDrafts: true }),
  leaving: isLoggingOff,
  leavingAfterSwitch: isLeavingAfterSwitch,
  saveReturnUrl: () => saveReturnUrl(),
  path: () => location.pathname,
  go: (url) => location.assign(url),
  reload: () => location.reload(),
  browserOnline: () => navigator.onLine,
  onBrowserOnline(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};

export type SessionSyncIo = Pick<TabIo, 'channels'> & SessionFollower;

/** Paths where a tab is already signed out: a logoff elsewhere changes nothing there. */
const signedOutPrefixes = ['/auth', '/404', '/eula'];

/**
 * Makes ten tabs behave like one session: a logoff, a refresh, a tenant, organisation-group or role
 * switch in any tab (or in the service worker) is followed here within a moment.
 */
export function startSessionSync(io: SessionSyncIo): () => void {
  const signedOut = () => signedOutPrefixes.some((p) => io.path().startsWith(p));
  const stop = sessionChannelOver(io.channels).onMessage((message) => {
    // The switching tab hears its own message: it is already navigating; a second navigation
    // on top of the first only races it.
    if ((message.type === 'tenant-switched' || message.type === 'orggroup-switched') && io.leavingAfterSwitch()) return;
    switch (message.type) {
      case 'session-changed':
        void syncSessionFromStorage();
        break;
      case 'logoff':
        if (io.leaving() || signedOut()) return;
        // Every tab keeps its own place (per-tab return URL) and follows to the sign-in page.
        // Drafts are shared local storage: an explicit sign-out already removed them; a forced one keeps them.
        // Checked again after each wait: the tab's own flow may have taken it out meanwhile (a tab
        // hears its own logoff too), and a second load of /auth would land on whatever was done there since.
        void io
          .sessionEnded()
          .then(async (ended) => {
            if (!ended || signedOut()) return false;
            // A page holding unsaved work stays: its member signs in again over it (session/page/reSignIn).
            if (await io.keepPageForReSignIn(message.ended)) return false;
            if (io.leaving() || signedOut()) return false;
            await io.clearSession();
            return !signedOut();
          })
          .then((cleared) => {
            if (!cleared) return;
            io.saveReturnUrl();
            io.go(message.redirect);
          });
        break;
      case 'tenant-switched': {
        // No tab may keep showing one tenant's data while holding another tenant's token.
        const loaded = appStore.get(loadedScopeAtom)?.tenantGuid;
        if (loaded !== undefined && loaded !== message.tenantGuid && !signedOut()) io.go('/landing');
        break;
      }
      case 'orggroup-switched': {
        // A tab still showing the old group's or role's screen (permissions, tree, users) loads the new one.
        const loaded = appStore.get(loadedScopeAtom);
        const otherRole = message.role !== undefined && loaded?.role !== message.role;
        if (loaded && (loaded.orgGroupGuid !== message.orgGroupGuid || otherRole)) io.reload();
        break;
      }
      case 'connectivity':
        appStore.set(connectionAtom, (state) => nextConnection(state, { type: 'platform', online: message.online, silent: message.silent }));
        break;
      case 'refresh-failed':
        // Whichever context ran the grant (a tab or the service worker), each tab's login client
        // reports it, at once: a refused refresh sends the tab to the sign-in page, and a module
        // still loading then would never report it (the module is small and /auth loads it anyway).
        emitLoginEvent({ type: 'token_refresh_error', message: message.reason === 'refused' ? 'The refresh was refused' : 'The refresh got no answer' });
        break;
      case 'refresh-timeout':
        emitLoginEvent({ type: 'silent_refresh_timeout', message: 'The token endpoint has not answered a refresh in 20000 ms' });
        break;
    }
  });
  const browser = (online: boolean) => appStore.set(connectionAtom, (state) => nextConnection(state, { type: 'browser', online }));
  const stopBrowser = io.onBrowserOnline(browser);
  if (!io.browserOnline()) browser(false);
  return () => {
    stop();
    stopBrowser();
  };
}
