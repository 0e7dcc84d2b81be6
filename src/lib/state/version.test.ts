import { describe, expect, it } from 'vitest';
import { parseVersion } from './version';

describe('parseVersion (SPEC §7: the text before the first |, else 0.0.0)', () => {
  it.each([
    ['4.12.0|2024-05-01T10:00:00Z build 8812', '4.12.0'],
    [' 5.1.2 |x|y', '5.1.2'],
    ['6.0.0', '6.0.0'],
  ])('%s → %s', (text, version) => expect(parseVersion(text)).toBe(version));

  it.each([null, undefined, '', '|build', '   |x', '<script>|1', 'x'.repeat(65)])('falls back to 0.0.0 for %s', (text) => {
    expect(parseVersion(text)).toBe('0.0.0');
  });
});
