// IndexedDB for the session, outbox and history stores (node, happy-dom and jsdom files alike).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';

// The files of a worker share one module registry and one DOM (isolate: false, vitest.config.ts):
// each starts as if it ran alone, with empty storage, fresh app modules, real timers, no stubbed
// globals and a blank document.
globalThis.indexedDB = new IDBFactory();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();
vi.resetModules();
// The DPoP signer, as the page's first script provides it (src/boot.ts), loaded only when used.
const { provideDpop } = await import('./session/core/dpopProvider');
provideDpop(() => import('./session/core/dpop'));

if (typeof document !== 'undefined') {
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
}
if (typeof localStorage !== 'undefined') localStorage.clear();
if (typeof sessionStorage !== 'undefined') sessionStorage.clear();

// react-i18next's shared instance as another file's late work can leave it: an initialised
// catalogue, which shows "<key> NOT FOUND" for a key it lacks. A component test that counted on
// there being no instance failed by chance on a loaded machine; set like this from the start, it
// fails every time, until it renders with its own instance (components/keyTexts.testSupport).
if (typeof document !== 'undefined') {
  const [{ createInstance }, { setI18n }] = await Promise.all([import('i18next'), import('react-i18next')]);
  const leftOver = createInstance();
  void leftOver.init({ lng: 'xx', resources: {}, initAsync: false, parseMissingKeyHandler: (key: string) => `${key} NOT FOUND` });
  setI18n(leftOver);
}
