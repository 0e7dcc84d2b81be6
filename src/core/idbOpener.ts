import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';

/**
 * Connections asked for before the code that uses them has loaded (`openEarly`), by name and
 * version: the opener of that database takes its connection over instead of opening another.
 */
const early = new Map<string, Promise<IDBPDatabase<unknown> | null>>();
const earlyKey = (name: string, version: number) => `${name}@${version}`;

/** The entries a caller asked `openEarly` to read: one object store, some keys. */
export interface EarlyRead {
  store: string;
  keys: readonly string[];
}

/** An early read's answer for one key (`value` undefined: no such entry); null when it could not be read. */
type EarlyEntry = Promise<{ value: unknown } | null>;
const earlyEntries = new Map<string, EarlyEntry>();
const entryKey = (name: string, key: string) => `${name}/${key}`;

/**
 * Another context deleting or upgrading the database (a newer version of the shell in another tab,
 * a test or a browser tool emptying storage) waits until every connection to it is closed: this one
 * closes as soon as it is asked, so it never holds that up. `then` runs after the close (the opener's next
 * call opens afresh).
 */
function closeOnVersionChange<T extends Pick<IDBDatabase, 'close' | 'addEventListener'>>(database: T, then?: () => void): T {
  database.addEventListener('versionchange', () => {
    database.close();
    then?.();
  });
  return database;
}

/**
 * Starts opening an existing database now, for the opener that will ask for it later: on a warm
 * start the page's first script calls it, so the open (tens of milliseconds of browser round trips
 * on a loaded machine) runs while the rest of the code downloads and runs. It never creates or
 * upgrades a database (an upgrade is aborted): the opener's own upgrade does that, when it opens
 * again. With `read`, those entries are read in one transaction as soon as it is open, for
 * `takeEarlyEntry`: the first reader then finds them answered instead of asking only once its
 * code has loaded and run. Any failure only leaves the opener and readers to do as they always do.
 */
export function openEarly(name: string, version: number, read?: EarlyRead): void {
  const key = earlyKey(name, version);
  if (early.has(key)) return;
  let connection: Promise<IDBPDatabase<unknown> | null>;
  try {
    const refuseUpgrade = (transaction: IDBPTransaction<unknown, string[], 'versionchange'>) => {
      // Its completion is awaited by nobody: the abort is the answer, not an error.
      transaction.done.catch(() => undefined);
      transaction.abort();
    };
    connection = openDB(name, version, { upgrade: (_database, _from, _to, transaction) => refuseUpgrade(transaction) })
      .then(closeOnVersionChange)
      .catch(() => null);
  } catch {
    // indexedDB.open itself throws where storage is refused.
    connection = Promise.resolve(null);
  }
  early.set(key, connection);
  if (!read) return;
  const values: Promise<unknown[] | null> = connection
    .then((database) => {
      if (!database) return null;
      const store = database.transaction(read.store).objectStore(read.store);
      return Promise.all(read.keys.map((k): Promise<unknown> => store.get(k)));
    })
    .catch(() => null);
  read.keys.forEach((k, i) => earlyEntries.set(entryKey(name, k), values.then((all) => (all ? { value: all[i] } : null))));
}

/**
 * What `openEarly` read for `key` of database `name`, once (a second reader reads afresh): null at
 * once when it was not asked for, else an answer that is null when it could not be read.
 */
export function takeEarlyEntry(name: string, key: string): EarlyEntry | null {
  const entry = earlyEntries.get(entryKey(name, key)) ?? null;
  forgetEarlyEntry(name, key);
  return entry;
}

/** The early connection to `name` at `version`, once, or null when there is none or it failed. */
function takeEarly(name: string, version: number): Promise<IDBPDatabase<unknown> | null> {
  const key = earlyKey(name, version);
  const connection = early.get(key) ?? Promise.resolve(null);
  early.delete(key);
  return connection;
}

/**
 * The one way the shell opens an IndexedDB database: opened once per context and shared, and
 * forgotten when the open fails, so a database blocked for a moment (private mode, an upgrade in
 * another tab, a failed upgrade) is asked for again next time rather than failing for good.
 */
export function idbOpener<Schema extends DBSchema>(
  name: string,
  version: number,
  upgrade: (database: IDBPDatabase<Schema>) => void,
): () => Promise<IDBPDatabase<Schema>> {
  let opening: Promise<IDBPDatabase<Schema>> | null = null;
  return () => {
    if (opening) return opening;
    const current: Promise<IDBPDatabase<Schema>> = takeEarly(name, version)
      // The early connection is to the same database at the same version, so of the same schema.
      .then((connection) => (connection as IDBPDatabase<Schema> | null) ?? openDB<Schema>(name, version, { upgrade: (database) => upgrade(database) }))
      .then((database) =>
        closeOnVersionChange(database, () => {
          if (opening === current) opening = null;
        }),
      )
      .catch((error: unknown) => {
        if (opening === current) opening = null;
        throw error;
      });
    opening = current;
    return current;
  };
}

/** Drops what `openEarly` read for `key` of database `name`: a writer's, so no reader gets a value from before its write. */
export function forgetEarlyEntry(name: string, key: string): void {
  earlyEntries.delete(entryKey(name, key));
}
