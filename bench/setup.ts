import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** `npm run bench -- [--runs N] [--only name[,name]] [--build] [--json file]`; OUT_DIR names the app build. */
export interface BenchOptions {
  runs: number;
  only: string[] | null;
  build: boolean;
  json: string | null;
  /** The app's production build under test (OUT_DIR, default dist). */
  outDir: string;
  /** The harness pages, built beside it (bench/vite.bench.config.ts). */
  harnessDir: string;
}

export function benchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: { runs: { type: 'string', default: '5' }, only: { type: 'string' }, build: { type: 'boolean', default: false }, json: { type: 'string' } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number ≥ 1, not ${values.runs}`);
  const outDir = process.env.OUT_DIR || 'dist';
  return { runs, only: values.only ? values.only.split(',') : null, build: values.build, json: values.json ?? null, outDir, harnessDir: `${outDir}-harness` };
}

/** Builds the app and the harness only when a folder is missing or `--build` asks (dist/ may be shared). */
export function ensureBuilds(options: BenchOptions): void {
  const env = { ...process.env, OUT_DIR: options.outDir };
  if (options.build || !existsSync(`${options.outDir}/index.html`)) {
    console.log(`  building the app into ${options.outDir}/`);
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit', env });
  }
  if (options.build || !['pipeline', 'soak'].every((page) => existsSync(`${options.harnessDir}/bench/${page}.html`))) {
    console.log(`  building the harness pages into ${options.harnessDir}/`);
    execFileSync('npx', ['vite', 'build', '--config', 'bench/vite.bench.config.ts'], { stdio: 'inherit', env });
  }
}
