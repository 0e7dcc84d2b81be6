/**
 * Injected faults (POST /__control/faults): latency, error statuses and dropped connections for
 * calls whose un-prefixed path starts with the rule's path. `probability` draws from a seeded
 * PRNG so a run repeats exactly; every counter starts again on reset.
 */
export interface FaultSpec {
  method?: string;
  path: string;
  latencyMs?: number;
  status?: number;
  everyNth?: number;
  probability?: number;
  drop?: boolean;
  dropAfterApply?: boolean;
  times?: number;
  /**
   * Holds matching calls unanswered until the rule is removed (DELETE /__control/faults[/{id}]) or
   * the emulator is reset; they then go on as usual. Deterministic "the platform has not answered
   * yet", with no timer to race.
   */
  hold?: boolean;
}

export interface FaultRule extends FaultSpec {
  id: string;
  /** Matching calls seen (for everyNth). */
  seen: number;
  /** Times the fault was applied (for times). */
  applied: number;
}

/** What the pipeline must do for one call. */
export interface FaultEffect {
  latencyMs: number;
  /** Resolves when every holding rule that matched has been removed. */
  held: Promise<void> | null;
  terminal: { kind: 'status'; status: number } | { kind: 'drop' } | { kind: 'dropAfterApply' } | null;
}

/** mulberry32: tiny, seedable, good enough for "fail about 30 % of calls, the same ones each run". */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FAULT_SEED = 0x7a57;

export class FaultTable {
  private rules: FaultRule[] = [];
  private nextId = 1;
  private random = mulberry32(FAULT_SEED);
  /** Per holding rule: what releases the calls it holds. */
  private holds = new Map<string, { released: Promise<void>; release: () => void }>();

  add(spec: FaultSpec): FaultRule {
    const rule: FaultRule = { ...spec, id: `fault-${this.nextId++}`, seen: 0, applied: 0 };
    this.rules.push(rule);
    if (rule.hold) {
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      this.holds.set(rule.id, { released, release });
    }
    return rule;
  }

  private release(id: string): void {
    this.holds.get(id)?.release();
    this.holds.delete(id);
  }

  list(): FaultRule[] {
    return [...this.rules];
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    this.release(id);
    return this.rules.length !== before;
  }

  clear(): void {
    this.rules = [];
    for (const id of [...this.holds.keys()]) this.release(id);
  }

  /** Decides the effect for one call; updates the counters of every matching rule. */
  evaluate(method: string, path: string): FaultEffect {
    const effect: FaultEffect = { latencyMs: 0, held: null, terminal: null };
    const holds: Promise<void>[] = [];
    for (const rule of this.rules) {
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      if (!path.startsWith(rule.path)) continue;
      if (rule.times !== undefined && rule.applied >= rule.times) continue;
      rule.seen += 1;
      if (rule.everyNth !== undefined && rule.seen % rule.everyNth !== 0) continue;
      if (rule.probability !== undefined && this.random() >= rule.probability) continue;
      rule.applied += 1;
      effect.latencyMs += rule.latencyMs ?? 0;
      const hold = this.holds.get(rule.id);
      if (hold) holds.push(hold.released);
      if (effect.terminal) continue;
      if (rule.drop) effect.terminal = { kind: 'drop' };
      else if (rule.dropAfterApply) effect.terminal = { kind: 'dropAfterApply' };
      else if (rule.status !== undefined) effect.terminal = { kind: 'status', status: rule.status };
    }
    if (holds.length) effect.held = Promise.all(holds).then(() => undefined);
    return effect;
  }
}
