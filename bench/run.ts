import { benchPipelineOverhead, type BenchRow } from './pipeline.ts';
import { benchStartup } from './startup.ts';

/** `npm run bench`: every benchmark in one go, one table of figures beside their aims. */
const rows: BenchRow[] = [];
rows.push(...(await benchPipelineOverhead()));
rows.push(...(await benchStartup()));

const width = Math.max(...rows.map((r) => r.figure.length));
console.log('\n  figure'.padEnd(width + 3) + 'value'.padEnd(26) + 'aim');
for (const r of rows) {
  const mark = r.ok === null ? '' : r.ok ? '  met' : '  MISSED';
  console.log(`  ${r.figure.padEnd(width)} ${r.value.padEnd(25)} ${r.aim}${mark}`);
}
