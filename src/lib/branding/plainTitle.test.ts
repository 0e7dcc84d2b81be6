import { describe, expect, it } from 'vitest';
import { maxTitleLength, plainTitle, tabTitleOf } from './plainTitle';

describe('plain-text titles', () => {
  it.each<[unknown, string | null]>([
    ['Acme Trust Center', 'Acme Trust Center'],
    ['  Acme \n Trust\tCenter ', 'Acme Trust Center'],
    ['R&D – Ünïcødé ✦', 'R&D – Ünïcødé ✦'],
    ['Profit > Loss', 'Profit > Loss'],
    ['a < b', 'a < b'],
    ['<script>alert(1)</script>', null],
    ['Acme<img src=x onerror=alert(1)>', null],
    ['Acme </title><script>', null],
    ['<!-- x -->', null],
    ['Acme\u0000Corp', null],
    ['Acme\u001bCorp', null],
    ['', null],
    ['   ', null],
    ['x'.repeat(maxTitleLength), 'x'.repeat(maxTitleLength)],
    ['x'.repeat(maxTitleLength + 1), null],
    [null, null],
    [42, null],
    [{ toString: () => 'Acme' }, null],
  ])('%j → %j', (value, expected) => {
    expect(plainTitle(value)).toBe(expected);
  });

  it.each<[string | null, string | null, string]>([
    ['Acme Europe', 'Acme Europe Trust Center', 'Acme Europe'],
    [null, 'Acme Europe Trust Center', 'Acme Europe Trust Center'],
    ['<script>x</script>', 'Acme Page', 'Acme Page'],
    ['', '', 'trust-shell'],
    [null, '<b>bold</b>', 'trust-shell'],
  ])('tab %j, title %j → %j (tabTitle first, then Title, then the product)', (tab, title, expected) => {
    expect(tabTitleOf(tab, title, 'trust-shell')).toBe(expected);
  });
});
