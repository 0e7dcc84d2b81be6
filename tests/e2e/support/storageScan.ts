/**
 * Everything the origin keeps, as text, by where it is: every IndexedDB database, store and record,
 * every Cache Storage entry (the built files' URLs only: they hold no member data), local and
 * session storage. Runs in a page of the origin or in its service worker (which has no web storage).
 */
export interface StoredItem {
  where: string;
  text: string;
}

export async function scanOrigin(): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  const asText = (value: unknown): string => {
    try {
      return JSON.stringify(value, (_key, x: unknown) => (typeof CryptoKey !== 'undefined' && x instanceof CryptoKey ? `[CryptoKey ${x.type}]` : x)) ?? String(value);
    } catch {
      return String(value);
    }
  };
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    for (const store of Array.from(db.objectStoreNames)) {
      const [keys, values] = await new Promise<[IDBValidKey[], unknown[]]>((resolve, reject) => {
        const tx = db.transaction(store);
        const keys = tx.objectStore(store).getAllKeys();
        const values = tx.objectStore(store).getAll();
        tx.oncomplete = () => resolve([keys.result, values.result]);
        tx.onerror = () => reject(tx.error ?? new Error('read failed'));
      });
      keys.forEach((key, i) => items.push({ where: `indexedDB:${name}/${store}/${typeof key === 'string' ? key : JSON.stringify(key)}`, text: asText(values[i]) }));
    }
    db.close();
  }
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = name.includes('precache') ? '' : ((await (await cache.match(request))?.text()) ?? '');
      items.push({ where: `cache:${name}:${request.url}`, text: body });
    }
  }
  const web = globalThis as { localStorage?: Storage; sessionStorage?: Storage };
  for (const [area, storage] of [['localStorage', web.localStorage], ['sessionStorage', web.sessionStorage]] as const) {
    if (!storage) continue;
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null) items.push({ where: `${area}:${key}`, text: storage.getItem(key) ?? '' });
    }
  }
  return items;
}

/** A member's marks: their guid, name and e-mail, any JWT, and what a test planted as a business screen would. */
export function memberMarks(member: { guid: string; email: string; name: string[] }, planted: string[]): RegExp[] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [member.guid, member.email, ...member.name.map((n) => `"${n}"`), `${member.name.join(' ')}`, ...planted].map((s) => new RegExp(escape(s), 'i')).concat(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/);
}

/** The items carrying any mark, where the inventory does not keep them at that ending (`allowed`). */
export function leftBehind(items: StoredItem[], marks: RegExp[], allowed: (where: string) => boolean): string[] {
  return items.filter((item) => !allowed(item.where) && marks.some((mark) => mark.test(item.where) || mark.test(item.text))).map((item) => item.where);
}
