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
if (typeof document !== 'undefined') {
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
}
if (typeof localStorage !== 'undefined') localStorage.clear();
if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
