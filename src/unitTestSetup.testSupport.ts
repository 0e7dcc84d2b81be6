// IndexedDB for the session, outbox and history stores (node, happy-dom and jsdom files alike).
import 'fake-indexeddb/auto';
