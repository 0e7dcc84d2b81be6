import { describe, expect, it } from 'vitest';
import { EventQueue } from './eventQueue';

describe('event queue', () => {
  it('hands events over oldest first and empties itself', () => {
    const q = new EventQueue();
    q.push({ name: 'a', props: {} });
    q.push({ name: 'b', props: { n: 1 } });
    expect(q.drain().map((e) => e.name)).toEqual(['a', 'b']);
    expect(q.size).toBe(0);
  });

  it('keeps only the newest events beyond its limit', () => {
    const q = new EventQueue(3);
    for (const name of ['1', '2', '3', '4', '5']) q.push({ name, props: {} });
    expect(q.drain().map((e) => e.name)).toEqual(['3', '4', '5']);
  });
});
