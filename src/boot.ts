import { openEarly } from './core/idbOpener';
import { databases } from './core/protocol';
import { chromeSnapshotKey, sessionKeys } from './session/core/sessionKeys';
import { linkKeptStylesheets } from './firstPaint/page/stylesheetLinks';
import { prePaintRootAttribute } from './firstPaint/core/prePaintRoot';
import { readLocal } from './lib/storage/localStore';
import { storageKeys } from './lib/storage/keys';
import { provideDpop } from './session/core/dpopProvider';

/**
 * The page's first script: the kept top bar is painted from IndexedDB (firstPaint/page) before the
 * app is imported. The app's first evaluation (React DOM and the shell) is one long task, and
 * the IndexedDB answers and stylesheet loads the pre-paint waits for would queue behind it. The
 * app loses little by waiting: its files download meanwhile (index.html preloads them; the service
 * worker's page with the bar already in it does not, so that their parsing leaves the bar's first
 * frame the cores, firstPaint/core/servedDocument), and the database the pre-paint has opened is
 * the one its own start reads next. The pre-paint's own code is asked for only when a session is
 * stored (the tenant key lives from sign-in to sign-out): the sign-in page never loads it. This
 * file imports only what the build puts in `boot-core` (build/signedInChunking.ts), so it runs as
 * soon as that small file is there.
 */
// The page's DPoP signer, loaded when a grant or a DPoP session's call first needs it.
provideDpop(() => import('./session/core/dpop'));

const sessionStored = Boolean(readLocal(storageKeys.tenant));
// The pre-paint's waits (the session database's open and reads, the bar's stylesheets) start
// before its code has loaded.
if (sessionStored) {
  const { name, version, stores } = databases.session;
  openEarly(name, version, { store: stores.kv, keys: [sessionKeys.auth, sessionKeys.accessToken, sessionKeys.language, chromeSnapshotKey] });
  linkKeptStylesheets();
}
const painter = sessionStored ? import('./firstPaint/page/painter.chunk') : null;
// A page the service worker served with the copy in it has the copy on screen with its first frame:
// nothing is left to keep the cores for after that frame, so the app is asked for then, beside the
// pre-paint's check of the copy (which adopts it or takes it away), not once that check and a
// frame of its own are done. Not before the frame: the app's evaluation could hold it back
// (offline starts, whose scripts run sooner, were then 7 % slower to show the name). A tab that
// draws no frame gets the app after the check, as any page does.
const app =
  painter && document.querySelector(`[${prePaintRootAttribute}]`)
    ? new Promise<void>((resolve) => {
        if (document.visibilityState !== 'visible') return resolve();
        // A task queued from the frame's callback runs once that frame's rendering is done.
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }).then(() => import('./main'))
    : null;
app?.catch(() => undefined); // a failure is reported below, where it is awaited

void (painter?.then((m) => m.paintSnapshot()) ?? Promise.resolve(false))
  .catch(() => false)
  .then((painted) => {
    // Whether the kept chrome was painted, for whoever watches the start (the bench, the browser tests).
    performance.mark('trust-shell:pre-paint', { detail: { painted } });
    // The same module the frame's import asked for, or, without that frame, asked for now.
    return import('./main');
  })
  .catch(async (error: unknown) => {
    // Without the app the copy would be a chrome that does nothing.
    (await painter?.catch(() => null))?.dropPaintedCopy();
    console.error('Bootstrap failed', error);
  });
