import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';

/**
 * Connections asked for before the code that uses them has loaded (`openEarly`), by name and
 * version: the opener of that database takes its connection over instead of opening another.
 */
const early = new Map<string, Promise<IDBPDatabase<unknown> | null>>();
const earlyKey = (name: string, version: number) => `${name}@${version}`;

/**
 * Starts opening an existing database now, for the opener that will ask for it later: on a warm
 * start the page's first script calls it, so the open (tens of milliseconds of browser round trips
 * on a loaded machine) runs while the rest of the code downloads and runs. It never creates or
 * upgrades a database (an upgrade is aborted): the opener's own upgrade does that, when it opens
 * again. Any failure only leaves the opener to open as it always does.
 */
export function openEarly(name: string, version: number): void {
  const key = earlyKey(name, version);
  if (early.has(key)) return;
  let connection: Promise<IDBPDatabase<unknown> | null>;
  try {
    const refuseUpgrade = (transaction: IDBPTransaction<unknown, string[], 'versionchange'>) => {
      // Its completion is awaited by nobody: the abort is the answer, not an error.
      transaction.done.catch(() => undefined);
      transaction.abort();
    };
    connection = openDB(name, version, { upgrade: (_database, _from, _to, transaction) => refuseUpgrade(transaction) }).catch(() => null);
  } catch {
    // indexedDB.open itself throws where storage is refused.
    connection = Promise.resolve(null);
  }
  early.set(key, connection);
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
    opening ??= takeEarly(name, version)
      // The early connection is to the same database at the same version, so of the same schema.
      .then((connection) => (connection as IDBPDatabase<Schema> | null) ?? openDB<Schema>(name, version, { upgrade: (database) => upgrade(database) }))
      .catch((error: unknown) => {
        opening = null;
        throw error;
      });
    return opening;
  };
}
