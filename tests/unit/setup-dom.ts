// IndexedDB for the session store under happy-dom.
import 'fake-indexeddb/auto';
