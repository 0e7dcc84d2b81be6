import { describe, expect, it, vi } from 'vitest';
import { openEarly } from '../idbOpener';
import { databases } from '../protocol';
import { sessionKeys } from './sessionKeys';
import { readKvEarly, writeKv } from './sessionDb';

const isString = (v: unknown): v is string => typeof v === 'string';
const { name, version, stores } = databases.session;

describe('readKvEarly', () => {
  it("takes the first script's early answers, each once and checked like any read", async () => {
    await writeKv(sessionKeys.language, 'de-de');
    await writeKv(sessionKeys.accessToken, 42);
    await writeKv(sessionKeys.idToken, 'id');
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    openEarly(name, version, { store: stores.kv, keys: [sessionKeys.language, sessionKeys.accessToken] });
    expect(await readKvEarly(sessionKeys.language, isString)).toBe('de-de');
    // Not a string: no value, as readKv answers.
    expect(await readKvEarly(sessionKeys.accessToken, isString)).toBeNull();
    // Both were the early transaction's reads.
    expect(get).toHaveBeenCalledTimes(2);
    // A second read, or a key not read early, reads now.
    expect(await readKvEarly(sessionKeys.language, isString)).toBe('de-de');
    expect(await readKvEarly(sessionKeys.idToken, isString)).toBe('id');
    expect(get).toHaveBeenCalledTimes(4);
  });
});
