import { describe, expect, it } from 'vitest';
import { addEntry, historyMaxAgeMs, parseHistoryDocument, pruneEntries, serialiseHistoryDocument } from './browsingHistory';

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 0, 20);

describe('browsing history (SPEC §3, §9: 14 days, at most 100 entries)', () => {
  it('drops entries older than 14 days', () => {
    const entries = [
      { url: '/old', timestamp: now - historyMaxAgeMs - 1 },
      { url: '/edge', timestamp: now - historyMaxAgeMs },
      { url: '/new', timestamp: now - day },
    ];
    expect(pruneEntries(entries, now).map((e) => e.url)).toEqual(['/edge', '/new']);
  });

  it('keeps the 100 newest, oldest first', () => {
    const entries = Array.from({ length: 130 }, (_, i) => ({ url: `/p${i}`, timestamp: now - (130 - i) * 1000 }));
    const kept = pruneEntries(entries, now);
    expect(kept).toHaveLength(100);
    expect(kept[0]?.url).toBe('/p30');
    expect(kept.at(-1)?.url).toBe('/p129');
  });

  it('renews the time of the same address visited again at once, and appends others', () => {
    let list = addEntry([], { url: '/a', timestamp: now - 2000 }, now);
    list = addEntry(list, { url: '/a', timestamp: now - 1000 }, now);
    list = addEntry(list, { url: '/b', timestamp: now }, now);
    list = addEntry(list, { url: '/a', timestamp: now }, now);
    expect(list).toEqual([
      { url: '/a', timestamp: now - 1000 },
      { url: '/b', timestamp: now },
      { url: '/a', timestamp: now },
    ]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['a string', '"x"'],
    ['a list that is not a list', '{"u:t": {"url": "/a"}}'],
  ])('reads %s as an empty history', (_, raw) => {
    expect(parseHistoryDocument(raw).size).toBe(0);
  });

  it('keeps the good entries of a partly broken document', () => {
    const raw = JSON.stringify({
      'u:t': [{ url: '/ok', timestamp: now }, { url: 5, timestamp: now }, null, { url: '', timestamp: now }, { url: '/nan', timestamp: 'x' }, { url: 'x'.repeat(3000), timestamp: now }],
      'u:t2': [],
    });
    const doc = parseHistoryDocument(raw);
    expect([...doc.keys()]).toEqual(['u:t']);
    expect(doc.get('u:t')).toEqual([{ url: '/ok', timestamp: now }]);
  });

  it('serialises per member, drops expired members, and keeps a "__proto__" key harmless', () => {
    const doc = new Map([
      ['__proto__', [{ url: '/x', timestamp: now }]],
      ['gone:t', [{ url: '/y', timestamp: now - 20 * day }]],
    ]);
    const text = serialiseHistoryDocument(doc, now);
    expect(JSON.parse(text)).toEqual(JSON.parse('{"__proto__":[{"url":"/x","timestamp":' + now + '}]}'));
    expect(parseHistoryDocument(text).get('__proto__')).toEqual([{ url: '/x', timestamp: now }]);
    expect(({} as Record<string, unknown>).url).toBeUndefined();
  });
});
