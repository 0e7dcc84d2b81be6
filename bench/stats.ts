export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;

/** A figure measured several times: its median, how many runs, and their spread. */
export interface Sample {
  median: number;
  n: number;
  min: number;
  max: number;
}

export function sample(values: number[]): Sample {
  if (values.length === 0) throw new Error('no measurements');
  return { median: median(values), n: values.length, min: Math.min(...values), max: Math.max(...values) };
}

/** Per-run ratios, so both sides of each ratio come from the same run (drift hits them alike). */
export function ratios(numerators: number[], denominators: number[]): number[] {
  return numerators.map((v, i) => v / denominators[i]!);
}
