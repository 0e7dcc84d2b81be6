import { writeFileSync } from 'node:fs';
import type { Sample } from './stats.ts';

/** One line of the table: a figure, its median over n runs with their spread, and its aim. */
export interface BenchRow {
  figure: string;
  sample: Sample | null;
  /** How the median and spread print (`1.23×`, `12.3 ms`, `149.2 KB`; a score bare, `97`, `0.012`). */
  unit: 'ms' | '×' | 'KB' | '/interval' | 'rounds' | 'calls' | 'count' | 'points' | 'shift';
  /** Anything else worth seeing beside the median (the two sides of a ratio). */
  note?: string;
  /** '' when no aim was set (context only). */
  aim: string;
  /** null: no aim, or the figure could not be measured. */
  ok: boolean | null;
}

const digits: Record<BenchRow['unit'], number> = { ms: 1, '×': 2, KB: 1, '/interval': 2, rounds: 1, calls: 1, count: 0, points: 0, shift: 3 };

function format(unit: BenchRow['unit'], v: number): string {
  const text = v.toFixed(digits[unit]);
  if (unit === 'shift' || unit === 'points') return text;
  return unit === '×' || unit === '/interval' ? `${text}${unit}` : `${text} ${unit}`;
}

function valueText(row: BenchRow): string {
  const s = row.sample;
  if (!s) return 'not measured';
  const spread = s.n > 1 ? `, ${s.min.toFixed(digits[row.unit])}–${s.max.toFixed(digits[row.unit])}` : '';
  return `${format(row.unit, s.median)} (n=${s.n}${spread})`;
}

function mark(row: BenchRow): string {
  if (!row.aim) return '';
  return row.ok === null ? '?' : row.ok ? 'met' : 'MISSED';
}

export function printTable(rows: BenchRow[]): void {
  const cells = rows.map((r) => [r.figure, valueText(r), r.aim || '(no aim)', mark(r)]);
  const head = ['figure', 'median (n runs, spread)', 'aim', 'met/MISSED'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `  ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')}`.trimEnd();
  console.log(`\n${line(head)}\n  ${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (let i = 0; i < rows.length; i += 1) {
    console.log(line(cells[i]!));
    if (rows[i]!.note) console.log(`  ${''.padEnd(widths[0]!)}   ${rows[i]!.note}`);
  }
}

export function writeJson(file: string, rows: BenchRow[], meta: Record<string, unknown>): void {
  writeFileSync(file, `${JSON.stringify({ ...meta, rows: rows.map(({ ok, ...r }) => ({ ...r, met: ok })) }, null, 2)}\n`);
}
