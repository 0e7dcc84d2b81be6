import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createShellRouter } from './app/router';
import { StartupError } from './app/StartupError';
import { Loading } from './components/loading/Loading';
import { loadRuntimeConfig } from './config/loadRuntimeConfig';
import { runtimeConfigAtom } from './config/configAtom';
import { trustApiOrigins } from './pipeline/core/host';
import { initI18n } from './lib/i18n/i18n';
import { setDirectionSetting } from './lib/i18n/runtime';
import { initTheme } from './lib/theme/theme';
import { startSession } from './session/page/startSession';
import { pageFollower, startSessionSync } from './session/page/sessionSync';
import { pageIo } from './lib/crossTab/pageIo';
import { appStore } from './state/jotai';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { watchStorageHealth } from './lib/storage/storageHealth';
import { appBuild } from './build';
import { markFirstScreenShown } from './lib/firstScreen';
import { detectStart, type StartKind } from './startup/page/startKind';
import { preloadSignedInChunks } from './app/signedInChunks';
import { readLocal } from './lib/storage/localStore';
import { storageKeys } from './lib/storage/keys';
import { forgetLocalAtSignedOutStart } from './lib/storage/forgetLocal';
import { isReSignInReturn } from './lib/auth/reSignInReturn';
import { nextTask } from './lib/nextTask';
import { loadShellTexts } from './lib/i18n/shellTextsLoader';
import { currentLanguage } from './lib/i18n/languageStore';
import './styles/global.css';

document.documentElement.dataset.build = appBuild;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// Read before anything else (IndexedDB only): whether this start paints from the device.
const start: Promise<StartKind> = detectStart().catch(() => ({ signedIn: false, warm: false }));
// The tenant key lives from sign-in to sign-out: a session is stored, so the signed-in route's code
// is asked for now rather than once IndexedDB has answered.
// The shell texts' chunks likewise (every page shows the signed-out pages' texts; with a session
// the signed-in ones too): initI18n installs them once IndexedDB has answered, and every later
// step of the start waits for them.
// In a task of its own: asking for each file (and its preload links) is not added to this
// module's evaluation, itself a long task.
const sessionStored = Boolean(readLocal(storageKeys.tenant));
void nextTask().then(() => {
  if (sessionStored) preloadSignedInChunks();
  void loadShellTexts(currentLanguage(), sessionStored ? 'all' : 'signedOut');
});

async function bootstrap(): Promise<void> {
  // Listen first: a refresh refused during start-up must still sign this tab out.
  startSessionSync({ ...pageIo(), ...pageFollower });
  // Before anything is stored: a browser that refuses storage is noticed from the first write.
  watchStorageHealth();
  // The stored (valid) theme before the first paint; the server default joins with the shell state.
  initTheme();
  // Asked for at once (index.html preloads it with the first script), read while i18n starts.
  const configLoad = loadRuntimeConfig();
  void configLoad.catch(() => undefined); // its failure is handled where it is awaited
  const { signedIn, warm } = await start;
  // A warm start shows nothing until the shell paints from the device: never the loading display.
  if (!warm) root.render(<Loading size="large" />);
  // No session: what a session's end left in local storage goes (one the worker ended could not),
  // after the first render is asked for, not before it.
  // A re-sign-in popup's return is no session's start: the page that opened it keeps its member's entries.
  if (!signedIn && !isReSignInReturn(new URLSearchParams(location.search))) forgetLocalAtSignedOutStart();
  if (signedIn) preloadSignedInChunks();
  await initI18n();
  try {
    const config = await configLoad;
    appStore.set(runtimeConfigAtom, config);
    trustApiOrigins(config.authClient.trustedApiOrigins);
    setDirectionSetting(config.textDirection);
    await startSession(config);
  } catch (error) {
    console.error('Bootstrap failed', error);
    root.render(<StartupError details={error instanceof Error ? error.message : String(error)} />);
    markFirstScreenShown();
    return;
  }
  // Each step in a task of its own, so that none is a long task: the router (its guards start),
  // then the app's first render, as a transition that runs in slices the page can answer input
  // between (a warm start's kept bar is on screen meanwhile).
  await nextTask();
  const router = createShellRouter();
  await nextTask();
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

void bootstrap().catch((error: unknown) => {
  // SPEC §8: a bootstrap failure is logged to the console; the page still says what happened.
  console.error('Bootstrap failed', error);
  root.render(<StartupError details={String(error)} />);
  markFirstScreenShown();
});
registerServiceWorker();
