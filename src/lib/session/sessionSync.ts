import { onSessionMessage } from '../../core/session/sessionChannel';
import { readStoredAuth } from '../../core/session/sessionDb';
import { emitLoginEvent } from '../auth/loginEvents';
import { appStore } from '../../state/jotai';
import { isLoggingOff, saveReturnUrl } from './logoffState';
import { isLeavingAfterSwitch } from './switching';
import { connectionAtom, loadedScopeAtom, syncSessionFromStorage } from './sessionAtoms';
import { nextConnection } from './connectionStatus';

/**
 * A `logoff` is followed only once the session it announces is really gone from the store: every
 * sender deletes the stored session before it says so, and any script of the origin can post on
 * the channel, so a message alone ends nothing.
 */
async function sessionHasEnded(): Promise<boolean> {
  return (await readStoredAuth()) === null;
}

/** Paths where a tab is already signed out: a logoff elsewhere changes nothing there. */
const signedOutPrefixes = ['/auth', '/404', '/eula'];
const signedOut = () => signedOutPrefixes.some((p) => location.pathname.startsWith(p));

/**
 * Makes ten tabs behave like one session: a logoff, a refresh, a tenant, organisation-group or role
 * switch in any tab (or in the service worker) is followed here within a moment.
 */
export function startSessionSync(): () => void {
  const stop = onSessionMessage((message) => {
    // The switching tab hears its own message: it is already navigating; a second navigation
    // on top of the first only races it.
    if ((message.type === 'tenant-switched' || message.type === 'orggroup-switched') && isLeavingAfterSwitch()) return;
    switch (message.type) {
      case 'session-changed':
        void syncSessionFromStorage();
        break;
      case 'logoff':
        if (isLoggingOff() || signedOut()) return;
        // Every tab keeps its own place (per-tab return URL) and follows to the sign-in page.
        // Drafts are shared local storage: an explicit sign-out already removed them; a forced one keeps them.
        // The clearing code loads only now: no page start needs it.
        void sessionHasEnded()
          .then(async (ended) => {
            if (!ended) return null;
            // A page holding unsaved work stays: its member signs in again over it (lib/session/reSignIn).
            if (await (await import('./reSignIn')).keepPageForReSignIn(message.ended)) return null;
            const { clearLocalSession } = await import('./logoff');
            return clearLocalSession({ keepDrafts: true });
          })
          .then((cleared) => {
            if (cleared === null) return;
            saveReturnUrl();
            location.assign(message.redirect);
          });
        break;
      case 'tenant-switched': {
        // No tab may keep showing one tenant's data while holding another tenant's token.
        const loaded = appStore.get(loadedScopeAtom)?.tenantGuid;
        if (loaded !== undefined && loaded !== message.tenantGuid && !signedOut()) location.assign('/landing');
        break;
      }
      case 'orggroup-switched': {
        // A tab still showing the old group's or role's screen (permissions, tree, users) loads the new one.
        const loaded = appStore.get(loadedScopeAtom);
        const otherRole = message.role !== undefined && loaded?.role !== message.role;
        if (loaded && (loaded.orgGroupGuid !== message.orgGroupGuid || otherRole)) location.reload();
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
  const online = () => appStore.set(connectionAtom, (state) => nextConnection(state, { type: 'browser', online: true }));
  const offline = () => appStore.set(connectionAtom, (state) => nextConnection(state, { type: 'browser', online: false }));
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  if (!navigator.onLine) offline();
  return () => {
    stop();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
