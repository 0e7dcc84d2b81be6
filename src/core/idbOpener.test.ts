import type { DBSchema } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idbOpener, openEarly, takeEarlyEntry } from './idbOpener';

interface TestDb extends DBSchema {
  kv: { key: string; value: unknown };
}

let name = '';
let count = 0;
const freshName = () => (name = `opener-test-${(count += 1)}`);
const opener = () => idbOpener<TestDb>(name, 1, (database) => void database.createObjectStore('kv'));

afterEach(() => vi.restoreAllMocks());

describe('idbOpener', () => {
  it('opens once and shares the connection', async () => {
    freshName();
    const open = vi.spyOn(indexedDB, 'open');
    const db = opener();
    const [a, b] = await Promise.all([db(), db()]);
    expect(a).toBe(b);
    expect(open).toHaveBeenCalledTimes(1);
    a.close();
  });

  it('forgets a failed open, so the next call opens again', async () => {
    freshName();
    const open = vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => {
      throw new DOMException('blocked for a moment', 'UnknownError');
    });
    const db = opener();
    await expect(db()).rejects.toThrow('blocked for a moment');
    const database = await db();
    await database.put('kv', 'kept', 'k');
    expect(await database.get('kv', 'k')).toBe('kept');
    expect(open).toHaveBeenCalledTimes(2);
    database.close();
  });

  /** Deletes `name` as another tab or a newer version would: resolves 'deleted', or 'blocked' if it waits on a connection. */
  const deleteFromElsewhere = () =>
    new Promise<'deleted' | 'blocked'>((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve('deleted');
      request.onblocked = () => resolve('blocked');
    });

  it('lets go of its connection when another context deletes or upgrades the database, and opens afresh after', async () => {
    freshName();
    const db = opener();
    await (await db()).put('kv', 'old', 'k');
    expect(await deleteFromElsewhere()).toBe('deleted');
    const reopened = await db();
    expect(await reopened.get('kv', 'k')).toBeUndefined();
    await reopened.put('kv', 'new', 'k');
    expect(await reopened.get('kv', 'k')).toBe('new');
    reopened.close();
  });

  it('an early connection lets go too', async () => {
    freshName();
    (await opener()()).close(); // the database exists, as on a warm start
    openEarly(name, 1, { store: 'kv', keys: ['k'] });
    await takeEarlyEntry(name, 'k');
    expect(await deleteFromElsewhere()).toBe('deleted');
  });
});

describe('openEarly', () => {
  it("hands its connection to the database's opener, which then opens nothing itself", async () => {
    freshName();
    const created = await opener()();
    await created.put('kv', 'stored before', 'k');
    created.close();

    const open = vi.spyOn(indexedDB, 'open');
    openEarly(name, 1);
    const database = await opener()();
    expect(await database.get('kv', 'k')).toBe('stored before');
    expect(open).toHaveBeenCalledTimes(1);
    database.close();
  });

  it('never creates a database: a missing one is created by the opener, with its stores', async () => {
    freshName();
    openEarly(name, 1);
    // Had the early open created it (at version 1, without stores), the opener would take that.
    const database = await opener()();
    expect([...database.objectStoreNames]).toEqual(['kv']);
    database.close();
  });

  it('a refused early open leaves the opener to open as always', async () => {
    freshName();
    await opener()().then((db) => db.close());
    vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    openEarly(name, 1);
    const database = await opener()();
    await database.put('kv', 1, 'k');
    expect(await database.get('kv', 'k')).toBe(1);
    database.close();
  });

  it('is taken once: a second opener of the same database opens its own connection', async () => {
    freshName();
    await opener()().then((db) => db.close());
    openEarly(name, 1);
    const first = await opener()();
    const open = vi.spyOn(indexedDB, 'open');
    const second = await opener()();
    expect(second).not.toBe(first);
    expect(open).toHaveBeenCalledTimes(1);
    first.close();
    second.close();
  });

  it('reads the entries asked for in its first transaction, each taken once', async () => {
    freshName();
    const created = await opener()();
    await created.put('kv', { tenant: 't' }, 'auth');
    created.close();

    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    openEarly(name, 1, { store: 'kv', keys: ['auth', 'missing'] });
    expect(await takeEarlyEntry(name, 'auth')).toEqual({ value: { tenant: 't' } });
    expect(await takeEarlyEntry(name, 'missing')).toEqual({ value: undefined });
    // The early transaction's two reads, none more. A second take, or a key not asked for, finds none.
    expect(get).toHaveBeenCalledTimes(2);
    expect(await takeEarlyEntry(name, 'auth')).toBeNull();
    expect(await takeEarlyEntry(name, 'other')).toBeNull();
    (await opener()()).close();
  });

  it('an early read that cannot be done leaves the readers to read as always', async () => {
    freshName();
    await opener()().then((db) => db.close());
    vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    openEarly(name, 1, { store: 'kv', keys: ['auth'] });
    expect(await takeEarlyEntry(name, 'auth')).toBeNull();

    freshName();
    await opener()().then((db) => db.close());
    openEarly(name, 1, { store: 'no such store', keys: ['auth'] });
    expect(await takeEarlyEntry(name, 'auth')).toBeNull();
    (await opener()()).close();
  });
});
