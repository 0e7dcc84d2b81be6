import type { AnalyticsAgent } from './agent';
import { analyticsChecks, realSleep, waitUntil, type Sleep } from './boundedWait';
import { EventQueue } from './eventQueue';
import type { AnalyticsIdentity } from './identity';

export interface AnalyticsDeps {
  loadScript(src: string): Promise<void>;
  readAgent(): AnalyticsAgent | null;
  sleep?: Sleep;
  log?: Pick<Console, 'error' | 'warn'>;
}

/** What to start: the script address and the member's identity. */
export interface AnalyticsTarget {
  scriptUrl: string;
  identity: AnalyticsIdentity;
}

/**
 * idle: nothing decided yet (events are queued); starting: script loading or agent not ready yet
 * (queued); ready: events go straight to the agent; off: not allowed, opted out or failed (dropped).
 */
export type AnalyticsPhase = 'idle' | 'starting' | 'ready' | 'off';

/**
 * The analytics life cycle (SPEC §4, §8, §9): load the script, identify, wait up to 7 checks for
 * the agent, then flush the queued events. Every failure is logged and the shell carries on.
 */
export class AnalyticsController {
  private phase: AnalyticsPhase = 'idle';
  private readonly queue = new EventQueue();
  /** The agent that was given the member's identity (ready or not): reset and opt-out go to it. */
  private agent: AnalyticsAgent | null = null;
  /** Bumped by every start/stop so an older start's waits end quietly. */
  private generation = 0;
  private targetKey: string | null = null;
  private readonly log: Pick<Console, 'error' | 'warn'>;

  constructor(private readonly deps: AnalyticsDeps) {
    this.log = deps.log ?? console;
  }

  get state(): AnalyticsPhase {
    return this.phase;
  }

  /**
   * Applies the current decision: a target starts (or re-identifies) analytics, null turns it off.
   * Turning it off after the member was identified is the opt-out (ProductImprovements turned off).
   */
  update(target: AnalyticsTarget | null): Promise<void> {
    if (target === null) {
      this.optOut();
      return Promise.resolve();
    }
    const key = JSON.stringify(target);
    // The same target again (a re-render, a token refresh) changes nothing, also after a failure:
    // a failed start is logged once, not on every refresh.
    if (key === this.targetKey) return Promise.resolve();
    const sameMember = this.sameMember(target);
    this.targetKey = key;
    if (this.phase === 'ready' && this.agent && sameMember) {
      // Changed details of the same member: tell the agent, no second load.
      this.call('identify', () => this.agent?.initialize(target.identity));
      return Promise.resolve();
    }
    if (this.agent && !sameMember) {
      const previous = this.agent;
      this.call('reset', () => previous.reset());
    }
    return this.start(target);
  }

  /** Queues until ready; sends when ready; drops when analytics is off. Never throws. */
  track(name: string, props: Record<string, unknown> = {}): void {
    if (this.phase === 'off') return;
    if (this.phase === 'ready' && this.agent) {
      const agent = this.agent;
      this.call('track', () => agent.track(name, props));
      return;
    }
    this.queue.push({ name, props });
  }

  /** Opt-out: the agent stops collecting for this member and nothing more is sent. */
  optOut(): void {
    this.generation += 1;
    if (this.agent) {
      const agent = this.agent;
      this.call('optOut', () => agent.optOut());
    }
    this.stopWith('off');
  }

  /** Sign-out: the agent forgets the member; a later sign-in starts afresh. */
  reset(): void {
    this.generation += 1;
    if (this.agent) {
      const agent = this.agent;
      this.call('reset', () => agent.reset());
    }
    this.stopWith('idle');
  }

  private stopWith(phase: AnalyticsPhase): void {
    this.agent = null;
    this.targetKey = null;
    this.queue.clear();
    this.phase = phase;
  }

  private sameMember(target: AnalyticsTarget): boolean {
    if (this.targetKey === null) return false;
    const before = JSON.parse(this.targetKey) as AnalyticsTarget;
    return before.identity.visitor.id === target.identity.visitor.id && before.identity.account.id === target.identity.account.id;
  }

  private async start(target: AnalyticsTarget): Promise<void> {
    const generation = ++this.generation;
    this.phase = 'starting';
    this.agent = null;
    const current = () => generation === this.generation;
    try {
      await this.deps.loadScript(target.scriptUrl);
    } catch (error) {
      if (!current()) return;
      this.log.error('Could not load', error);
      this.queue.clear();
      this.phase = 'off';
      return;
    }
    if (!current()) return;
    const outcome = await waitUntil(
      () => {
        const agent = this.deps.readAgent();
        if (!agent) return false;
        if (this.agent !== agent) {
          // Kept at once, so a reset or opt-out during the wait reaches an identified agent.
          this.agent = agent;
          agent.initialize(target.identity);
        }
        return agent.isReady();
      },
      { sleep: this.deps.sleep ?? realSleep, cancelled: () => !current() },
    );
    if (outcome === 'cancelled' || !current()) return;
    if (outcome === 'gave-up') {
      this.log.error(`Analytics not initialised after ${analyticsChecks} checks`);
      // No opt-out here: a slow agent must not opt the member out for good. The agent is kept
      // so that signing out still resets it.
      this.queue.clear();
      this.phase = 'off';
      return;
    }
    this.phase = 'ready';
    for (const event of this.queue.drain()) this.track(event.name, event.props);
  }

  /** SPEC §8: tracking exceptions are logged only. */
  private call(what: string, fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.log.warn(`Analytics ${what} failed`, error);
    }
  }
}
