import type { DBSchema } from 'idb';
import { idbOpener } from '../../core/idbOpener';
import { isQueuedWrite, type QueuedWrite } from './outboxRules';
import { databases } from '../../core/protocol';

/**
 * The outbox's IndexedDB store, shared by every tab and the service worker. Writes keep their
 * queue order (an auto-increment key) and never a bearer: the replay adds the one current then.
 */
interface OutboxDb extends DBSchema {
  writes: { key: number; value: QueuedWrite };
}

const { name: dbName, version: dbVersion } = databases.outbox;
const db = idbOpener<OutboxDb>(dbName, dbVersion, (database) => {
  database.createObjectStore(databases.outbox.stores.writes, { keyPath: 'seq', autoIncrement: true });
});

/** Adds a write at the end of the queue. Throws when storage is unavailable (the caller says so). */
export async function addWrite(write: QueuedWrite): Promise<QueuedWrite> {
  const { seq: _ignored, ...fresh } = write;
  const seq = await (await db()).add('writes', fresh);
  return { ...fresh, seq };
}

/** Every queued write in queue order; corrupt entries are deleted (never sent, never shown). */
export async function listWrites(): Promise<QueuedWrite[]> {
  try {
    const database = await db();
    const all = await database.getAll('writes');
    const keys = await database.getAllKeys('writes');
    const good: QueuedWrite[] = [];
    for (const [index, value] of all.entries()) {
      const seq = keys[index];
      if (isQueuedWrite(value)) good.push({ ...value, seq });
      else if (seq !== undefined) await database.delete('writes', seq);
    }
    return good;
  } catch {
    return [];
  }
}

/**
 * Updates a write that is still queued, in one transaction: a write deleted meanwhile (discarded
 * at an explicit sign-out, or dropped by another context) stays deleted rather than coming back.
 */
export async function putWrite(write: QueuedWrite): Promise<void> {
  if (write.seq === undefined) return;
  const tx = (await db()).transaction('writes', 'readwrite');
  if ((await tx.store.getKey(write.seq)) !== undefined) await tx.store.put(write);
  await tx.done;
}

export async function deleteWrite(seq: number | undefined): Promise<void> {
  if (seq === undefined) return;
  await (await db()).delete('writes', seq);
}
