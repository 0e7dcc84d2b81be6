import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as protocol from '../../src/core/protocol.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every string value the protocol module names (nested objects included). */
function names(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(names);
  return [];
}

describe('cross-context names (src/core/protocol.ts)', () => {
  // Store names are spelt in the owning module's typed calls (its DBSchema checks them); the session
  // database's name is also the product's name (client id, brand variant), so it is left out too.
  const { databases, ...rest } = protocol;
  const defined = [...names(rest), ...Object.values(databases).map((d) => d.name)].filter((name) => name !== 'trust-shell');
  const files = ['src', 'sw', 'workers'].flatMap((dir) => sourceFiles(join(repoRoot, dir))).filter((f) => !f.endsWith(join('core', 'protocol.ts')));

  it('names each lock, channel, database, cache, sync tag, worker message and the token path once, nowhere else', () => {
    const repeats: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const name of defined) if (text.includes(`'${name}'`) || text.includes(`"${name}"`)) repeats.push(`${relative(repoRoot, file)}: ${name}`);
    }
    expect(repeats).toEqual([]);
  });

  it('the kill switch, which cannot import it, sends the retired notice the tabs listen for', () => {
    expect(readFileSync(join(repoRoot, 'public/sw-retire.js'), 'utf8')).toContain(`type: '${protocol.workerMessages.retired}'`);
  });
});
