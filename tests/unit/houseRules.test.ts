// The house's structural rules (issue 49): chunk boundaries named one way, no import cycle, and the
// role folders' import rules enforced by the lint. Each is checked on the real tree and on a
// deliberate violation.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The app's, the service worker's and the workers' modules (tests and test support left out). */
function appModules(): string[] {
  return ['src', 'sw', 'workers'].flatMap((dir) =>
    readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !/\.(test|testSupport)\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      .map((name) => `${dir}/${name}`),
  );
}

interface ModuleImports {
  /** Modules imported for a value (`import type` and type-only braces left out). */
  static: string[];
  /** Modules imported with `import()`. */
  dynamic: string[];
}

const staticImport = /^\s*(?:import|export)\s+(?!type\b)([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]/gm;
const dynamicImport = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function isTypeOnly(clause: string): boolean {
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  return !!braces && braces[1]!.split(',').every((part) => !part.trim() || part.trim().startsWith('type '));
}

/** A module's imports of the tree's own modules, resolved to paths from the repository root. */
export function importsOf(file: string, text: string, exists: (path: string) => boolean): ModuleImports {
  const resolve = (spec: string): string | null => {
    const base = normalize(join(dirname(file), spec.split('?')[0]!));
    return ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(exists) ?? null;
  };
  const found: ModuleImports = { static: [], dynamic: [] };
  for (const m of text.matchAll(staticImport)) {
    if (m[1] !== undefined && isTypeOnly(m[1])) continue;
    const target = resolve(m[2] ?? m[3]!);
    if (target) found.static.push(target);
  }
  for (const m of text.matchAll(dynamicImport)) {
    const target = resolve(m[1]!);
    if (target) found.dynamic.push(target);
  }
  return found;
}

function graph(): Map<string, ModuleImports> {
  const files = appModules();
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file, readFileSync(join(repoRoot, file), 'utf8'), (p) => known.has(p))]));
}

/** Modules loaded only with `import()`: where the build starts a chunk. */
export function chunkStarts(modules: Map<string, ModuleImports>): { dynamicOnly: string[]; staticChunks: string[] } {
  const imported = new Set([...modules.values()].flatMap((m) => m.static));
  const loaded = new Set([...modules.values()].flatMap((m) => m.dynamic));
  return {
    dynamicOnly: [...loaded].filter((file) => !imported.has(file)).sort(),
    staticChunks: [...imported].filter((file) => /\.chunk\.tsx?$/.test(file)).sort(),
  };
}

/** Every import cycle among value imports (strongly connected components of more than one module, or a module importing itself). */
export function importCycles(modules: Map<string, ModuleImports>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of modules.get(v)?.static ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || modules.get(v)?.static.includes(v)) cycles.push(component.sort());
  };
  for (const file of modules.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('chunk boundaries: a module that starts a chunk is named *.chunk.ts(x)', () => {
  const modules = graph();
  // The app's entry is named by vite.config.ts (its preload) and the first script (src/boot.ts).
  const appEntry = 'src/main.tsx';

  it('every module loaded only with import() is a .chunk module, and no .chunk module is imported for a value', () => {
    const { dynamicOnly, staticChunks } = chunkStarts(modules);
    expect(dynamicOnly.filter((file) => file !== appEntry && !/\.chunk\.tsx?$/.test(file))).toEqual([]);
    expect(staticChunks).toEqual([]);
  });

  it('catches a chunk start without the name, and a .chunk module imported statically', () => {
    const fake = new Map<string, ModuleImports>([
      ['src/a.ts', { static: ['src/b.chunk.ts'], dynamic: ['src/Menu.tsx'] }],
      ['src/b.chunk.ts', { static: [], dynamic: [] }],
      ['src/Menu.tsx', { static: [], dynamic: [] }],
    ]);
    expect(chunkStarts(fake)).toEqual({ dynamicOnly: ['src/Menu.tsx'], staticChunks: ['src/b.chunk.ts'] });
  });

  it('reads type-only imports as no import, and resolves extensionless and ?worker&url specifiers', () => {
    const text = "import type { A } from './a';\nimport { type B } from './b';\nimport { c } from './c';\nconst w = import('./w?worker&url');\n";
    expect(importsOf('src/x/m.ts', text, (p) => ['src/x/a.ts', 'src/x/b.ts', 'src/x/c.tsx', 'src/x/w.ts'].includes(p))).toEqual({ static: ['src/x/c.tsx'], dynamic: ['src/x/w.ts'] });
  });
});

describe('no import cycle', () => {
  it('the app, the service worker and the workers import one way', () => {
    expect(importCycles(graph())).toEqual([]);
  });

  it('finds a cycle of three and a module importing itself', () => {
    const fake = new Map<string, ModuleImports>([
      ['a', { static: ['b'], dynamic: [] }],
      ['b', { static: ['c'], dynamic: [] }],
      ['c', { static: ['a'], dynamic: [] }],
      ['d', { static: ['d', 'a'], dynamic: [] }],
    ]);
    expect(importCycles(fake)).toEqual([['a', 'b', 'c'], ['d']]);
  });
});

describe('the role folders keep their import rules (eslint.config.js)', () => {
  /** The project's import rules alone: the type-aware rules need files the projects list. */
  async function importLinter(): Promise<ESLint> {
    const config = ((await import(pathToFileURL(join(repoRoot, 'eslint.config.js')).href)) as { default: Linter.Config[] }).default;
    const importRules = config
      .filter((block) => block.rules && 'no-restricted-imports' in block.rules)
      .map(({ files, ignores, rules }) => ({ ...(files && { files }), ...(ignores && { ignores }), rules: { 'no-restricted-imports': rules!['no-restricted-imports']! } }));
    return new ESLint({ cwd: repoRoot, overrideConfigFile: true, overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...importRules] });
  }

  async function refusals(filePath: string, code: string): Promise<string[]> {
    const [result] = await (await importLinter()).lintText(code, { filePath: join(repoRoot, filePath) });
    return result!.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
  }

  it.each([
    ['a concept core importing React', 'src/session/core/x.ts', "import { useState } from 'react';"],
    ['a concept core importing its page part', 'src/session/core/x.ts', "import { logoff } from '../page/logoff';"],
    ['a concept core importing lib', 'src/outbox/core/x.ts', "import { i18n } from '../../lib/i18n/i18n';"],
    ['src/core importing a concept page part', 'src/core/x.ts', "import { logoff } from '../session/page/logoff';"],
    ['a page part importing a screen', 'src/session/page/x.ts', "import { ReSignInDialog } from '../screens/ReSignInDialog.chunk';"],
    ['a page part importing the UI kit', 'src/outbox/page/x.ts', "import { toast } from '../../components/toast/toast';"],
    ['a worker part importing a page part', 'src/outbox/worker/x.ts', "import { submitWrite } from '../page/outbox';"],
    ['a worker part importing jotai', 'src/pipeline/worker/x.ts', "import { atom } from 'jotai';"],
    ['the service worker importing a concept page part', 'sw/x.ts', "import { logoff } from '../src/session/page/logoff';"],
    ['a web worker importing a screen', 'workers/x.ts', "import { PendingWrites } from '../src/outbox/screens/PendingWrites';"],
  ])('refuses %s', async (_rule, filePath, code) => {
    expect(await refusals(filePath, code)).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });

  it.each([
    ['a concept core importing another concept core', 'src/session/core/x.ts', "import { isCacheable } from '../../pipeline/core/calls';"],
    ['a worker part importing its core', 'src/outbox/worker/x.ts', "import { replayOutbox } from '../core/replayOutbox';"],
    ['the service worker importing a concept worker part', 'sw/x.ts', "import { registerApiRoutes } from '../src/pipeline/worker/apiRoutes';"],
    ['a screen importing its page part', 'src/outbox/screens/X.tsx', "import { outboxCountAtom } from '../page/outboxState';"],
  ])('allows %s', async (_rule, filePath, code) => {
    expect(await refusals(filePath, code)).toEqual([]);
  });
});
