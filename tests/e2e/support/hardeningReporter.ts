import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const prefix = 'hardening:';

interface Outcome {
  attempts: { kind: string; name: string }[];
  passed: boolean;
}

/**
 * Prints the hardening suites' summary at the end of a run: per kind, how many payloads
 * or faults were tried and how many got through (tried by a test that did not finally pass). A
 * retried test counts once, by its last attempt.
 */
export default class HardeningReporter implements Reporter {
  private readonly outcomes = new Map<string, Outcome>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const annotations = result.annotations.length ? result.annotations : test.annotations;
    const attempts = annotations
      .filter((a) => a.type.startsWith(prefix))
      .map((a) => ({ kind: a.type.slice(prefix.length), name: a.description ?? '' }));
    if (attempts.length === 0) return;
    this.outcomes.set(test.id, { attempts, passed: result.status === 'passed' || result.status === 'skipped' });
  }

  onEnd(_result: FullResult): void {
    if (this.outcomes.size === 0) return;
    const tally = new Map<string, { tried: number; through: string[] }>();
    for (const { attempts, passed } of this.outcomes.values()) {
      for (const { kind, name } of attempts) {
        const row = tally.get(kind) ?? { tried: 0, through: [] };
        row.tried += 1;
        if (!passed) row.through.push(name);
        tally.set(kind, row);
      }
    }
    const lines = [...tally].sort(([a], [b]) => a.localeCompare(b)).map(([kind, row]) => {
      const verdict = row.through.length === 0 ? 'none got through' : `${row.through.length} got through: ${row.through.join(', ')}`;
      return `  ${kind.padEnd(9)} ${String(row.tried).padStart(4)} tried, ${verdict}`;
    });
    const through = [...tally.values()].reduce((n, row) => n + row.through.length, 0);
    const tried = [...tally.values()].reduce((n, row) => n + row.tried, 0);
    console.log(`\nHardening summary: ${tried} hostile inputs and faults tried, ${through === 0 ? 'none got through' : `${through} got through`}\n${lines.join('\n')}\n`);
  }
}
