import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

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
    opening ??= openDB<Schema>(name, version, { upgrade: (database) => upgrade(database) }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
}
