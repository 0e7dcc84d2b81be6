import { benchBundle } from './bundle.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLongTasks } from './longTasks.ts';
import { benchOrgTree } from './orgTree.ts';
import { benchPipelineOverhead } from './pipeline.ts';
import { benchRefresh } from './refresh.ts';
import { benchReloadCalls } from './reloadCalls.ts';
import { printTable, writeJson, type BenchRow } from './report.ts';
import { benchOptions, ensureBuilds, type BenchOptions } from './setup.ts';
import { benchSoak } from './soak.ts';
import { benchStartup } from './startup.ts';
import { benchWire } from './wire.ts';

/** `npm run bench`: every benchmark in one go, one table of figures beside their aims. */
const benches: Record<string, (options: BenchOptions) => Promise<BenchRow[]>> = {
  bundle: benchBundle,
  startup: benchStartup,
  pipeline: benchPipelineOverhead,
  orgTree: benchOrgTree,
  refresh: benchRefresh,
  wire: benchWire,
  reload: benchReloadCalls,
  soak: benchSoak,
  lighthouse: benchLighthouse,
  longTasks: benchLongTasks,
};

const options = benchOptions(process.argv.slice(2));
const unknown = (options.only ?? []).filter((name) => !(name in benches));
if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; there are ${Object.keys(benches).join(', ')}`);
const started = Date.now();
ensureBuilds(options);
const rows: BenchRow[] = [];
for (const [name, bench] of Object.entries(benches)) {
  if (options.only && !options.only.includes(name)) continue;
  const t = Date.now();
  console.log(`  ${name}…`);
  try {
    rows.push(...(await bench(options)));
  } catch (error) {
    // One failed bench still leaves the others' figures; the run fails at the end.
    console.error(`  ${name} failed:`, error);
    rows.push({ figure: `${name}: failed`, sample: null, unit: 'ms', note: String(error).split('\n')[0]!.slice(0, 160), aim: 'runs', ok: false });
    process.exitCode = 1;
  }
  console.log(`  ${name} took ${((Date.now() - t) / 1000).toFixed(0)} s`);
}
printTable(rows);
const seconds = (Date.now() - started) / 1000;
console.log(`\n  ${options.runs} runs per figure, build ${options.outDir}/, ${seconds.toFixed(0)} s in all`);
if (options.json) writeJson(options.json, rows, { runs: options.runs, outDir: options.outDir, seconds, at: new Date().toISOString() });
