import { describe, expect, it, vi } from 'vitest';
import { openEarly } from '../../core/idbOpener';
import { databases } from '../../core/protocol';
import { sessionKeys } from './sessionKeys';
import { readKv, writeKv } from './sessionDb';

const isString = (v: unknown): v is string => typeof v === 'string';
const { name, version, stores } = databases.session;

describe("readKv and the first script's early reads", () => {
  it("takes the first script's early answers, each once and checked like any read", async () => {
    await writeKv(sessionKeys.language, 'de-de');
    await writeKv(sessionKeys.accessToken, 42);
    await writeKv(sessionKeys.idToken, 'id');
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    openEarly(name, version, { store: stores.kv, keys: [sessionKeys.language, sessionKeys.accessToken] });
    expect(await readKv(sessionKeys.language, isString)).toBe('de-de');
    // Not a string: no value, as readKv answers.
    expect(await readKv(sessionKeys.accessToken, isString)).toBeNull();
    // Both were the early transaction's reads.
    expect(get).toHaveBeenCalledTimes(2);
    // A second read, or a key not read early, reads now.
    expect(await readKv(sessionKeys.language, isString)).toBe('de-de');
    expect(await readKv(sessionKeys.idToken, isString)).toBe('id');
    expect(get).toHaveBeenCalledTimes(4);
  });

  it('a write in this context drops the early answer, so no later read returns what was there before it', async () => {
    // Fresh modules: the first test's early open is taken.
    vi.resetModules();
    const [opener, session] = await Promise.all([import('../../core/idbOpener'), import('./sessionDb')]);
    await session.writeKv(sessionKeys.refreshedAt, 'before');
    opener.openEarly(name, version, { store: stores.kv, keys: [sessionKeys.refreshedAt, sessionKeys.idToken] });
    await session.writeKv(sessionKeys.refreshedAt, 'after');
    await session.deleteKv(sessionKeys.idToken);
    expect(opener.takeEarlyEntry(name, sessionKeys.refreshedAt)).toBeNull();
    expect(opener.takeEarlyEntry(name, sessionKeys.idToken)).toBeNull();
    expect(await session.readKv(sessionKeys.refreshedAt, isString)).toBe('after');
  });
});
