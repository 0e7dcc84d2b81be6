/** One tracked event: a name and flat properties. */
export interface TrackedEvent {
  name: string;
  props: Record<string, unknown>;
}

/** Events kept while the agent is not ready; beyond this the oldest go (a stuck agent must not leak memory). */
export const maxQueuedEvents = 100;

/** Holds events until the script is loaded and the member identified, then hands them over in order. */
export class EventQueue {
  private events: TrackedEvent[] = [];

  constructor(private readonly limit: number = maxQueuedEvents) {}

  get size(): number {
    return this.events.length;
  }

  push(event: TrackedEvent): void {
    this.events.push(event);
    if (this.events.length > this.limit) this.events.splice(0, this.events.length - this.limit);
  }

  /** Takes every queued event, oldest first, and empties the queue. */
  drain(): TrackedEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  clear(): void {
    this.events = [];
  }
}
