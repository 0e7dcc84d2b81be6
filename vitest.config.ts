import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Unit and component tests, all under node unless a file asks for a DOM in its first line
 * (`// @vitest-environment happy-dom`, or jsdom where DOMPurify is involved): a happy-dom set-up per
 * file was most of the unit run's time on CI (82 of 98 s of environment time), and the plain
 * modules (rules, builders, validators) need none.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default (one fewer than the cores) is a single worker on CI's 2 cores: 99 s there
    // against 64 s with two, since each file's happy-dom set-up waits on the CPU, not on I/O.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker runs its files one after another in one module registry and one DOM, instead of a
    // fresh set-up per file: 135 → 94 CPU-s for the run, most of it happy-dom's and React's imports.
    // src/unitTestSetup.testSupport.ts gives each file empty storage, fresh app modules and real
    // timers; the run passes in shuffled file orders (`--sequence.shuffle.files`), so no file leans
    // on another's state.
    isolate: false,
    // An upper bound, not a budget: on a loaded 2-core machine a test that needs 1 s of CPU may wait
    // several for it, and Vitest's 5 s default then fails it by chance.
    testTimeout: 30_000,
    projects: [
      // One project per environment, so a worker runs the files of one environment in a row:
      // mixed in one project, 44 happy-dom and 5 jsdom files among 72 node ones took 82 CPU-s
      // (43 s) for the whole run, against 35 CPU-s (20 s) grouped.
      ...[...appTestsByEnvironment()].map(([environment, include]) => ({
        extends: true as const,
        test: { name: environment === 'node' ? 'app' : `app (${environment})`, include, environment, setupFiles: ['src/unitTestSetup.testSupport.ts'] },
      })),
      {
        extends: true,
        test: { name: 'node', include: ['tests/unit/**/*.test.ts', 'server/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});

/** The app's test files by the environment their first line asks for (`// @vitest-environment …`), node if none. */
function appTestsByEnvironment(): Map<string, string[]> {
  const byEnvironment = new Map<string, string[]>();
  for (const dir of ['src', 'sw', 'workers']) {
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.test\.tsx?$/.test(name)) continue;
      const file = `${dir}/${name}`;
      const environment = /^\/\/ @vitest-environment (\S+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? 'node';
      byEnvironment.set(environment, [...(byEnvironment.get(environment) ?? []), file]);
    }
  }
  return byEnvironment;
}
